import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { installManualClock, type ManualClock } from '@/testing/manual-clock';
import { ui } from '@/testing/ui';
import { renderWithProviders, signedInState } from '@/testing/render';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { server } from '@mocks/server';
import { AuthorLink, HOVER_HIDE_DELAY_MS, HOVER_SHOW_DELAY_MS, LONG_PRESS_MS } from './author-link';
import { placeCard } from './hover-card-position';

const OFFICIAL = { _id: 'u_official', name: '墨境官方', avatar: '', is_official: true };

const AUTHOR = { _id: 'u_fan', name: '粉丝甲', avatar: '', is_official: false };

function renderLink(user = OFFICIAL, preloadedState?: Awaited<ReturnType<typeof signedInState>>) {
  return renderWithProviders(<AuthorLink user={user} />, { route: '/', preloadedState });
}

/** The keyboard's way to the card: Tab to the author link, then ↓. */
async function openByKeyboard(user: ReturnType<typeof renderLink>['user']) {
  await user.tab();
  expect(ui.authorLink(/墨境官方/)).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  return screen.findByRole('dialog', { name: '墨境官方' });
}

describe('AuthorLink', () => {
  /** The app's clock (the card's hover and long-press delays), moved only by the test. */
  let manual: ManualClock;
  beforeEach(() => {
    manual = installManualClock();
  });

  it('opens the user page in a new tab, with the official badge', async () => {
    renderLink();
    const link = await screen.findByRole('link', { name: /墨境官方/ });
    expect(link).toHaveAttribute('href', '/user/u_official');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(link).toHaveTextContent('官方');
  });

  it('names an avatar-only link', async () => {
    renderWithProviders(<AuthorLink user={OFFICIAL} showName={false} />, { route: '/' });
    expect(
      await screen.findByRole('link', { name: '墨境官方 的主页（在新标签页打开）' }),
    ).toBeInTheDocument();
  });

  it('does not open the card on keyboard focus: Tab goes from one author to the next', async () => {
    const { user } = renderWithProviders(
      <ul>
        <li>
          <AuthorLink user={OFFICIAL} />
        </li>
        <li>
          <AuthorLink user={AUTHOR} />
        </li>
      </ul>,
      { route: '/' },
    );
    await user.tab();
    const first = ui.authorLink(/墨境官方/);
    expect(first).toHaveFocus();
    // Past the hover delay: a card opened by the focus would show now.
    await manual.advance(HOVER_SHOW_DELAY_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(first).toHaveAttribute('aria-expanded', 'false');
    // The keyboard's way to the card is said to assistive tech.
    expect(first).toHaveAttribute('aria-keyshortcuts', 'ArrowDown');
    expect(first).toHaveAccessibleDescription('按向下方向键打开资料卡，Esc 关闭');
    await user.tab();
    expect(ui.authorLink(/粉丝甲/)).toHaveFocus();
    await manual.advance(HOVER_SHOW_DELAY_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.tab({ shift: true });
    expect(first).toHaveFocus();
  });

  it('opens the card with ↓ on the focused link, the focus in it; Esc gives it back', async () => {
    const { user } = renderLink();
    const card = await openByKeyboard(user);
    const link = ui.authorLink(/墨境官方/);
    // The focus is in the card, on its name link.
    expect(within(card).getByRole('link', { name: '墨境官方' })).toHaveFocus();
    expect(link).toHaveAttribute('aria-expanded', 'true');
    expect(link).toHaveAttribute('aria-controls', card.id);
    expect(await within(card).findByText('粉丝')).toBeInTheDocument();
    // Tab moves on inside the card (its follow button) and the card stays.
    await user.tab();
    expect(within(card).getByRole('button')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('aria-expanded', 'false');
    // Back on the link, the focus alone leaves the card closed; ↓ opens it again.
    await manual.advance(HOVER_SHOW_DELAY_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    const again = await screen.findByRole('dialog', { name: '墨境官方' });
    expect(within(again).getByRole('link', { name: '墨境官方' })).toHaveFocus();
  });

  it('moves the focus into a card the pointer opened when ↓ is pressed on the link', async () => {
    const { user } = renderLink();
    const link = ui.authorLink(/墨境官方/);
    await user.hover(link);
    await manual.advance(HOVER_SHOW_DELAY_MS);
    const card = await screen.findByRole('dialog', { name: '墨境官方' });
    act(() => link.focus());
    await user.keyboard('{ArrowDown}');
    expect(within(card).getByRole('link', { name: '墨境官方' })).toHaveFocus();
  });

  it('hides the card when focus leaves', async () => {
    const { user } = renderWithProviders(
      <>
        <AuthorLink user={OFFICIAL} />
        <button type="button">next</button>
      </>,
      { route: '/' },
    );
    await user.tab();
    await user.keyboard('{ArrowDown}');
    const card = await screen.findByRole('dialog');
    await within(card).findByRole('button');
    while (document.activeElement !== screen.getByRole('button', { name: 'next' })) {
      await user.tab();
    }
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the card on hover after a rest and hides it after the pointer leaves', async () => {
    const { user } = renderLink();
    const link = screen.getByRole('link', { name: /墨境官方/ });
    await user.hover(link);
    await manual.advance(HOVER_SHOW_DELAY_MS);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.unhover(link);
    await manual.advance(HOVER_HIDE_DELAY_MS);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toggles the card with a tap on the avatar; a long-press shows it without navigating', async () => {
    renderLink();
    const link = await screen.findByRole('link', { name: /墨境官方/ });
    const avatar = link.querySelector('.author-link__avatar') as HTMLElement;
    fireEvent.pointerDown(avatar, { pointerType: 'touch' });
    fireEvent.pointerUp(avatar, { pointerType: 'touch' });
    const tap = fireEvent.click(avatar);
    expect(tap).toBe(false); // default prevented: no navigation
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    fireEvent.pointerDown(avatar, { pointerType: 'touch' });
    fireEvent.click(avatar);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A tap on the name follows the link.
    const name = link.querySelector('.author-link__name') as HTMLElement;
    fireEvent.pointerDown(name, { pointerType: 'touch' });
    expect(fireEvent.click(name)).toBe(true);

    // A long-press anywhere shows the card, and its click does not navigate.
    fireEvent.pointerDown(name, { pointerType: 'touch' });
    await manual.advance(LONG_PRESS_MS);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(fireEvent.click(name)).toBe(false);
  });

  it('keeps the card while its follow button asks for the login', async () => {
    const { user } = renderLink();
    const card = await openByKeyboard(user);
    const follow = await within(card).findByRole('button', { name: '关注：墨境官方' });
    await user.click(follow);
    expect(dialogStore.getSnapshot()[0]?.name).toBe('login');
    // Focus and clicks go to the login dialog; the card and its button stay for the retry.
    fireEvent.pointerDown(document.body);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('dialog', { name: '墨境官方' })).toBeInTheDocument();
    act(() => dialogStore.reset());
    await waitFor(() => expect(follow).not.toHaveAttribute('aria-busy'));
  });

  it.each([
    ['a click', 'click'],
    ['Enter', 'enter'],
  ] as const)(
    'unfollows from the card through the confirmation, by %s; the card stays with the focus',
    async (_how, how) => {
      const state = await signedInState();
      const deletes: string[] = [];
      const onRequest = ({ request }: { request: Request }) => {
        if (request.method === 'DELETE') deletes.push(new URL(request.url).pathname);
      };
      server.events.on('request:start', onRequest);
      try {
        const { user, store } = renderLink(OFFICIAL, state);
        const card = await openByKeyboard(user);
        const follow = await within(card).findByRole('button', { name: '已关注：墨境官方' });
        if (how === 'click') {
          await user.click(follow);
        } else {
          follow.focus();
          await user.keyboard('{Enter}');
        }
        // The confirmation asks first; nothing is sent, and the card stays under it.
        const confirm = await screen.findByRole('dialog', { name: '取消关注' });
        expect(confirm).toHaveTextContent('确定不再关注 墨境官方 吗？');
        expect(within(confirm).getByRole('button', { name: '取消' })).toHaveFocus();
        expect(screen.getByRole('dialog', { name: '墨境官方' })).toBeInTheDocument();
        expect(deletes).toEqual([]);

        await user.click(within(confirm).getByRole('button', { name: '取消关注' }));
        await waitFor(() =>
          expect(store.getState().toast.current).toMatchObject({ msg: '已取消关注' }),
        );
        expect(deletes).toEqual(['/api/v2/users/u_official/followers']);
        // Back on the card's button, which now offers the follow.
        const after = screen.getByRole('dialog', { name: '墨境官方' });
        const button = within(after).getByRole('button', { name: '关注：墨境官方' });
        await waitFor(() => expect(button).toHaveFocus());
        // The pointer leaves the card: it closes, and focus goes back to the author link.
        await user.hover(after);
        await user.unhover(after);
        await manual.advance(HOVER_HIDE_DELAY_MS);
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        expect(ui.authorLink(/墨境官方/)).toHaveFocus();
      } finally {
        server.events.removeListener('request:start', onRequest);
      }
    },
  );

  it('keeps the card when the unfollow is cancelled with Esc, focus back on its button', async () => {
    const state = await signedInState();
    const { user } = renderLink(OFFICIAL, state);
    const card = await openByKeyboard(user);
    const follow = await within(card).findByRole('button', { name: '已关注：墨境官方' });
    await user.click(follow);
    await screen.findByRole('dialog', { name: '取消关注' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '取消关注' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '墨境官方' })).toBeInTheDocument();
    expect(follow).toHaveFocus();
    expect(follow).toHaveAccessibleName('已关注：墨境官方');
    // Esc again closes the card, and focus goes back to the author link.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(ui.authorLink(/墨境官方/)).toHaveFocus();
  });

  it('has no hover card on my own avatar', async () => {
    const state = await signedInState();
    const { user } = renderLink(
      { ...OFFICIAL, _id: AUTHOR_UID, name: 'me', is_official: false },
      state,
    );
    await user.tab();
    expect(screen.getByRole('link', { name: 'me' })).toHaveFocus();
    await user.hover(screen.getByRole('link', { name: 'me' }));
    // Past the hover delay: a card would show now.
    await manual.advance(HOVER_SHOW_DELAY_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'me' })).not.toHaveAttribute('aria-expanded');
  });
});

describe('placeCard', () => {
  const viewport = { width: 400, height: 800 };
  it('goes below the link, left edges aligned', () => {
    expect(placeCard({ top: 100, bottom: 130, left: 40 }, viewport)).toEqual({
      top: 136,
      left: 40,
      side: 'below',
    });
  });
  it('goes above when there is no room below', () => {
    expect(placeCard({ top: 700, bottom: 730, left: 40 }, viewport)).toMatchObject({
      top: 694,
      side: 'above',
    });
  });
  it('stays inside the viewport horizontally', () => {
    expect(placeCard({ top: 100, bottom: 130, left: 380 }, viewport).left).toBe(400 - 264 - 8);
    expect(placeCard({ top: 100, bottom: 130, left: -20 }, viewport).left).toBe(8);
  });
});
