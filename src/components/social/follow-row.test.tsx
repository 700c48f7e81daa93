import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import type { FollowUser } from '@/api/social';
import { installManualClock, type ManualClock } from '@/testing/manual-clock';
import { ui } from '@/testing/ui';
import { renderWithProviders, signedInState } from '@/testing/render';
import { HOVER_SHOW_DELAY_MS, LONG_PRESS_MS } from './author-link';
import { FollowRow, useRowWaking } from './follow-row';

const ROWS: FollowUser[] = [
  {
    user: { _id: 'u_official', name: '墨境官方', avatar: '', is_official: true },
    following: { is_follower: false, is_following: true },
    follower_count: 9,
  },
  {
    user: { _id: 'u_fan', name: '粉丝甲', avatar: '', is_official: false },
    following: { is_follower: true, is_following: false },
    follower_count: 1,
  },
];

function Rows({ rows, viewerUid = null }: { rows: FollowUser[]; viewerUid?: string | null }) {
  const { t } = useTranslation('social');
  const { live, takeIntent, handlers } = useRowWaking();
  return (
    <ul aria-label="rows" {...handlers}>
      {rows.map((row, i) => (
        <FollowRow
          key={row.user._id}
          row={row}
          top={i * 64}
          position={i + 1}
          setSize={rows.length}
          t={t}
          lang="zh"
          root="/"
          viewerUid={viewerUid}
          live={live.has(row.user._id)}
          takeIntent={takeIntent}
        />
      ))}
    </ul>
  );
}

const rowOf = (name: string) =>
  screen.getByRole('link', { name: new RegExp(name) }).closest('li') as HTMLElement;

/** jsdom has no PointerEvent: the row replays the pointer with one (as browsers have it). */
const hadPointerEvent = 'PointerEvent' in window;
beforeAll(() => {
  if (hadPointerEvent) return;
  class TestPointerEvent extends MouseEvent {
    pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? '';
    }
  }
  Object.defineProperty(window, 'PointerEvent', { configurable: true, value: TestPointerEvent });
});
afterAll(() => {
  if (!hadPointerEvent) Reflect.deleteProperty(window, 'PointerEvent');
});

/** The app's clock (the hover card's delays), moved only by the test. */
let manual: ManualClock;
beforeEach(() => {
  manual = installManualClock();
});

/**
 * The woken row replays the pointer on its live parts in a microtask (which starts their
 * timers); after it, the app's clock moves on by `ms`.
 */
async function afterReplay(ms: number) {
  await act(async () => undefined);
  await manual.advance(ms);
}

describe('FollowRow', () => {
  it('mounts plain parts that read like the live ones: link, badge, counts, follow state', async () => {
    renderWithProviders(<Rows rows={ROWS} />, { route: '/' });
    const link = await screen.findByRole('link', { name: /墨境官方/ });
    expect(link).toHaveAttribute('href', '/user/u_official');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(link).toHaveAttribute('aria-expanded', 'false');
    expect(link).toHaveTextContent('官方');
    const avatar = link.querySelector('img')!;
    expect(avatar).toHaveAttribute('width', '30');
    expect(avatar).toHaveAttribute('decoding', 'async');
    const row = rowOf('墨境官方');
    expect(row).toHaveAttribute('aria-posinset', '1');
    expect(row).toHaveAttribute('aria-setsize', '2');
    // Not woken yet: the plain parts are still there.
    expect(row).toHaveAttribute('data-uid', 'u_official');
    expect(within(row).getByRole('button', { name: /已关注/ })).toHaveAttribute(
      'data-state',
      'following',
    );
    expect(within(rowOf('粉丝甲')).getByRole('button', { name: /回关|关注/ })).toHaveAttribute(
      'data-state',
      'followedBy',
    );
  });

  it('a click on the plain follow button reaches the live one (the unfollow confirmation)', async () => {
    const { user } = renderWithProviders(<Rows rows={ROWS} />, { route: '/' });
    await screen.findByRole('link', { name: /墨境官方/ });
    await user.click(within(rowOf('墨境官方')).getByRole('button', { name: /已关注/ }));
    expect(await screen.findByRole('dialog', { name: '取消关注' })).toBeInTheDocument();
    expect(rowOf('墨境官方')).not.toHaveAttribute('data-uid');
    // The other row was not woken.
    expect(rowOf('粉丝甲')).toHaveAttribute('data-uid', 'u_fan');
  });

  it('keyboard focus wakes the row and stays on the link; ↓ then shows the hover card', async () => {
    const { user } = renderWithProviders(<Rows rows={ROWS} />, { route: '/' });
    await screen.findByRole('link', { name: /墨境官方/ });
    await user.tab();
    const link = ui.authorLink(/墨境官方/);
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('dialog', { name: '墨境官方' })).toBeInTheDocument();
    expect(link).toHaveAttribute('aria-expanded', 'true');
  });

  it('keyboard focus on the plain follow button wakes the row and keeps the focus', async () => {
    renderWithProviders(<Rows rows={ROWS} />, { route: '/' });
    await screen.findByRole('link', { name: /粉丝甲/ });
    const plain = within(rowOf('粉丝甲')).getByRole('button');
    act(() => plain.focus());
    const live = within(rowOf('粉丝甲')).getByRole('button');
    expect(live).not.toBe(plain);
    expect(live).toHaveFocus();
    expect(live).toHaveAccessibleName(plain.getAttribute('aria-label')!);
    expect(rowOf('粉丝甲')).not.toHaveAttribute('data-uid');
  });

  it('the pointer resting on the author shows the hover card', async () => {
    renderWithProviders(<Rows rows={ROWS} />, { route: '/' });
    const name = (await screen.findByRole('link', { name: /粉丝甲/ })).querySelector(
      '.author-link__name',
    )!;
    fireEvent.pointerOver(name, { pointerType: 'mouse' });
    await afterReplay(HOVER_SHOW_DELAY_MS);
    expect(await screen.findByRole('dialog', { name: '粉丝甲' })).toBeVisible();
  });

  it('a long-press on the plain author link shows the card without navigating', async () => {
    renderWithProviders(<Rows rows={ROWS} />, { route: '/' });
    const name = (await screen.findByRole('link', { name: /粉丝甲/ })).querySelector(
      '.author-link__name',
    )!;
    fireEvent.pointerDown(name, { pointerType: 'touch' });
    await afterReplay(LONG_PRESS_MS);
    expect(await screen.findByRole('dialog', { name: '粉丝甲' })).toBeVisible();
    // The row's link (the card has one too, after it).
    const link = screen.getAllByRole('link', { name: /粉丝甲/ })[0]!;
    fireEvent.pointerUp(link, { pointerType: 'touch' });
    expect(fireEvent.click(link)).toBe(false);
  });

  it('my own row has no follow button and no hover card', async () => {
    const preloadedState = await signedInState();
    const uid = preloadedState.session.uid!;
    const mine = { ...ROWS[1]!, user: { ...ROWS[1]!.user, _id: uid, name: 'me' } };
    renderWithProviders(<Rows rows={[mine]} viewerUid={uid} />, { route: '/', preloadedState });
    const link = await screen.findByRole('link', { name: 'me' });
    expect(link).not.toHaveAttribute('aria-expanded');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    fireEvent.pointerOver(link, { pointerType: 'mouse' });
    // Past the hover delay: a card would show now.
    await afterReplay(HOVER_SHOW_DELAY_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
