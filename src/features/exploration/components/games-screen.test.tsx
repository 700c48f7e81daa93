import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { server } from '@mocks/server';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { explorationEmpty } from '@mocks/scenarios/exploration';
import { renderApp, signedInState } from '@/testing/render';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const myGames = () => db.chatGames.findMany((q) => q.where({ uid: AUTHOR_UID }));

describe('/dashboard/exploration: my chat games', () => {
  it('lists my games with continue links to their chats', async () => {
    renderApp('/dashboard/exploration', { preloadedState: await signedInState() });
    const list = await screen.findByRole('list', { name: t('exploration:games.label') });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(Math.min(myGames().length, 20));
    const latest = myGames().sort((a, b) => b.updated_at - a.updated_at)[0]!;
    expect(
      within(items[0]!).getByRole('link', {
        name: t('exploration:games.continueGame', { title: latest.title }),
      }),
    ).toHaveAttribute('href', `/exploration?chat=${latest.chat_id}`);
  });

  it('shows a game’s message count compact (spec 1 §9)', async () => {
    server.use(
      http.get('*/api/v2/chat_games', () =>
        HttpResponse.json({
          data: [
            {
              id: 'g1',
              title: '世界',
              cover: '',
              source_share_id: null,
              source_universe_id: 'w1',
              chat_id: 'c1',
              cast: [],
              message_count: 12_345,
              last_message: '',
              created_at: 1_700_000_000,
              updated_at: 1_700_000_000,
            },
          ],
          paging: { has_prev: false, has_next: false, next: null },
        }),
      ),
    );
    renderApp('/dashboard/exploration', { preloadedState: await signedInState() });
    const list = await screen.findByRole('list', { name: t('exploration:games.label') });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent(
      t('exploration:games.messages', { count: 12_345, formatted: '1.23万' }),
    );
    expect(item).not.toHaveTextContent('12345');
  });

  it("a game without a cover shows its world's initial on a tinted panel, never an empty box", async () => {
    const latest = myGames().sort((a, b) => b.updated_at - a.updated_at)[0]!;
    await db.chatGames.update((q) => q.where({ id: latest.id }), {
      data: (g) => {
        g.cover = '';
      },
    });
    renderApp('/dashboard/exploration', { preloadedState: await signedInState() });
    const list = await screen.findByRole('list', { name: t('exploration:games.label') });
    const first = within(list).getAllByRole('listitem')[0]!;
    const cover = first.querySelector('.game-card__cover');
    expect(cover?.textContent).toBe(Array.from(latest.title.trim())[0]);
    expect(cover?.querySelector('svg')).not.toBeNull();
  });

  it('asks before deleting; cancel keeps the game, confirm deletes it', async () => {
    const { user } = renderApp('/dashboard/exploration', {
      preloadedState: await signedInState(),
    });
    const list = await screen.findByRole('list', { name: t('exploration:games.label') });
    const before = myGames().length;
    const [first] = within(list).getAllByRole('button', { name: /^(删除|Delete)/ });

    await user.click(first!);
    let confirm = within(await screen.findByRole('dialog'));
    await user.click(confirm.getByRole('button', { name: t('common:actions.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(myGames()).toHaveLength(before);
    expect(first).toHaveFocus();

    await user.click(first!);
    confirm = within(await screen.findByRole('dialog'));
    await user.click(confirm.getByRole('button', { name: t('exploration:games.deleteConfirm') }));
    await waitFor(() => expect(myGames()).toHaveLength(before - 1));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: t('exploration:games.label') })).queryAllByRole(
          'listitem',
        ),
      ).toHaveLength(Math.min(before - 1, 20)),
    );
  });

  it('asks for games with limit and follows the next page', async () => {
    const urls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/v2/chat_games') urls.push(url.search);
    });
    server.use(
      http.get('*/api/v2/chat_games', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        const game = (i: number) => ({
          id: `g${i}`,
          title: `世界${i}`,
          cover: '',
          source_share_id: null,
          source_universe_id: 'w1',
          chat_id: `c${i}`,
          cast: [],
          message_count: i,
          last_message: '',
          created_at: 1_700_000_000,
          updated_at: 1_700_000_000 - i,
        });
        const page = cursor ? [20, 21].map(game) : Array.from({ length: 20 }, (_, i) => game(i));
        return HttpResponse.json({
          data: page,
          paging: {
            has_prev: !cursor,
            has_next: !cursor,
            next: cursor ? null : '/api/v2/chat_games?limit=20&cursor=p2',
          },
        });
      }),
    );
    const { user } = renderApp('/dashboard/exploration', {
      preloadedState: await signedInState(),
    });
    const list = await screen.findByRole('list', { name: t('exploration:games.label') });
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThanOrEqual(20);
    // jsdom has no layout, so the list is always "scrolled to its end": the next page may
    // already be on its way; otherwise the button asks for it.
    const more = screen.queryByRole('button', { name: t('exploration:games.more') });
    if (more) await user.click(more);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(22));
    expect(urls[0]).toBe('?limit=20');
    expect(urls[1]).toContain('cursor=p2');
    expect(screen.getByText(t('common:list.end'))).toBeInTheDocument();
    server.events.removeAllListeners('request:start');
  });

  it('shows the empty state with the way to a world', async () => {
    explorationEmpty();
    renderApp('/dashboard/exploration', { preloadedState: await signedInState() });
    expect(await screen.findByText(t('exploration:games.empty'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('exploration:games.toSquare') })).toHaveAttribute(
      'href',
      '/dashboard/square',
    );
  });

  it('shows a retry when the list fails', async () => {
    server.use(
      http.get('*/api/v2/chat_games', () =>
        HttpResponse.json({ error_code: 50000, error_msg: '' }, { status: 500 }),
      ),
    );
    renderApp('/dashboard/exploration', { preloadedState: await signedInState() });
    expect(
      await screen.findByRole('button', { name: t('common:actions.retry') }),
    ).toBeInTheDocument();
  });
});
