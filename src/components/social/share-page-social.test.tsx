import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { db } from '@mocks/db';
import { squareShares } from '@mocks/handlers/share-cards';
import { paths } from '@/config/paths';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { renderApp, renderWithProviders, signedInState } from '@/testing/render';
import { SupportersSlot } from './supporters-slot';

function shareOf(kind: 'story' | 'universe') {
  const row = squareShares(kind).find((r) => r.record.uid !== 'u_author')!;
  const author = db.users.findFirst((q) => q.where({ uid: row.record.uid }))!;
  return {
    shareId: row.record.share_id,
    title: row.record.title,
    uid: author.uid,
    name: author.nickname,
    href:
      kind === 'story'
        ? paths.story.getHref(row.record.share_id)
        : paths.universe.getHref(row.record.share_id),
  };
}

describe.each(['story', 'universe'] as const)('the %s share page', (kind) => {
  it("shows the author's link, hover card and follow button, and a report button", async () => {
    const share = shareOf(kind);
    renderApp(share.href);
    const heading = await screen.findByRole('heading', { level: 1, name: share.title });
    const header = heading.closest('header')!;
    const link = within(header).getByRole('link', { name: new RegExp(`^${share.name}`) });
    expect(link).toHaveAttribute('href', paths.user.getHref(share.uid));
    expect(link).toHaveAttribute('target', '_blank');
    // A guest: the follow button (it asks for the login when pressed).
    expect(
      await within(header).findByRole('button', { name: `关注：${share.name}` }),
    ).toBeInTheDocument();
    // The hover card by the keyboard: ↓ on the focused link.
    link.focus();
    fireEvent.keyDown(link, { key: 'ArrowDown' });
    expect(await screen.findByRole('dialog', { name: share.name })).toBeInTheDocument();

    expect(
      within(header).getByRole('button', { name: `举报《${share.title}》` }),
    ).toBeInTheDocument();
  });

  it('shows how many users supported the work, counted by the server', async () => {
    const share = shareOf(kind);
    const supporters = new Set(
      db.charges.findMany((q) => q.where({ share_id: share.shareId })).map((c) => c.uid),
    ).size;
    renderApp(share.href);
    const section = await screen.findByRole('region', { name: '支持者' });
    await within(section).findByText(
      supporters === 0 ? '还没有人支持这部作品' : `已有 ${supporters} 人支持这部作品`,
      undefined,
    );
  });

  it('shows the logged-in viewer the relation to the author, and reports the work', async () => {
    const share = shareOf(kind);
    const state = await signedInState();
    const following = !!db.follows.findFirst((q) =>
      q.where({ follower: 'u_author', followee: share.uid }),
    );
    const follower = !!db.follows.findFirst((q) =>
      q.where({ follower: share.uid, followee: 'u_author' }),
    );
    const { user } = renderApp(share.href, { preloadedState: state });
    const label = following ? (follower ? '互相关注' : '已关注') : follower ? '回关' : '关注';
    expect(
      await screen.findByRole('button', { name: `${label}：${share.name}` }),
    ).toBeInTheDocument();

    // Report opens the report dialog about this work.
    await user.click(screen.getByRole('button', { name: `举报《${share.title}》` }));
    expect(dialogStore.getSnapshot().at(-1)).toMatchObject({
      name: 'report',
      props: { target: { kind, id: share.shareId, title: share.title } },
    });
  });
});

it('the author sees no follow or report button on their own work', async () => {
  const row = squareShares('universe').find((r) => r.record.uid === 'u_author')!;
  const state = await signedInState();
  renderApp(paths.universe.getHref(row.record.share_id), { preloadedState: state });
  const heading = await screen.findByRole('heading', { level: 1, name: row.record.title });
  const header = heading.closest('header')!;
  expect(within(header).getByRole('link', { name: /墨染青衣/ })).toBeInTheDocument();
  expect(within(header).queryByRole('button', { name: /关注|举报/ })).not.toBeInTheDocument();
});

describe('SupportersSlot', () => {
  it('shows the number of supporters when known', () => {
    renderWithProviders(<SupportersSlot kind="story" shareId="s1" count={12345} />);
    const section = screen.getByRole('region', { name: '支持者' });
    expect(section).toHaveTextContent('已有 1.23万 人支持这部作品');
  });

  it('says when nobody has supported the work yet', () => {
    renderWithProviders(<SupportersSlot kind="universe" shareId="s1" count={0} />);
    expect(screen.getByRole('region', { name: '支持者' })).toHaveTextContent(
      '还没有人支持这部作品',
    );
  });

  it('claims nothing when the number is not known', () => {
    const { container } = renderWithProviders(<SupportersSlot kind="story" shareId="s1" />);
    expect(container).toBeEmptyDOMElement();
  });
});
