import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { server } from '@mocks/server';
import { get } from '@mocks/handlers/test-client';
import {
  AUTHOR_WORLD,
  SHARED_WORLD_RECOMMENDED,
  SHARED_WORLD_SHARE_ID,
} from '@mocks/handlers/exploration-test-kit';
import { renderApp, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { initialCast, toggleCast } from './start-cast';

/** Starting a game creates a chat and loads the chat screen: slow on a busy machine. */

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** The exploration calls the client makes, in order, as `METHOD path?query body`. */
function watchCalls() {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (!/chat_game\/by_source|chat_games\/new_start/.test(url.pathname)) return;
    void request
      .clone()
      .text()
      .then((body) => calls.push(`${request.method} ${url.pathname}${url.search} ${body}`.trim()));
  });
  return calls;
}

afterEach(() => server.events.removeAllListeners('request:start'));

/** The start button: "start", or "start a new game" when I already play this world. */
const startName = () =>
  new RegExp(`^(${t('exploration:start.start')}|${t('exploration:start.startAgain')})$`);

/** Opens "explore this world" on the screen (lazy screens load slowly on a busy machine). */
async function openExplore(user: { click: (e: Element) => Promise<void> }) {
  for (let tries = 0; ; tries += 1) {
    const button = await screen.findByRole('button', { name: t('worlds:explore') });
    await user.click(button);
    // Back from the chat, the dashboard can render its page again under the click (seen in
    // jsdom): a detached button takes no click, and the one now on the page is clicked instead.
    await waitFor(() =>
      expect(dialogStore.getSnapshot().length > 0 || !button.isConnected).toBe(true),
    );
    if (dialogStore.getSnapshot().length > 0 || tries === 2) return;
  }
}

const sharedWorldTitle = () =>
  db.worlds.findFirst((q) => q.where({ share_id: SHARED_WORLD_SHARE_ID }))!.title;

describe('start a game from a shared world (by_source, then new_start)', () => {
  it('shows the recommended characters, starts with the picked cast and opens the chat', async () => {
    const calls = watchCalls();
    const { user, router } = renderApp(`/universe/${SHARED_WORLD_SHARE_ID}`, {
      preloadedState: await signedInState(),
    });
    await openExplore(user);
    const dialog = within(
      await ui.dialog(t('exploration:start.titleOf', { title: sharedWorldTitle() })),
    );
    const boxes = await dialog.findAllByRole('checkbox');
    expect(boxes).toHaveLength(SHARED_WORLD_RECOMMENDED.length);
    for (const box of boxes) expect(box).toBeChecked();
    // Only the first character plays.
    await user.click(boxes[1]!);
    await user.click(dialog.getByRole('button', { name: startName() }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/exploration'));
    const chat = new URLSearchParams(router.state.location.search).get('chat');
    const game = db.chatGames.findFirst((q) => q.where({ chat_id: chat! }));
    expect(game).toBeTruthy();
    expect(calls[0]).toBe(`GET /api/v2/chat_game/by_source?share_id=${SHARED_WORLD_SHARE_ID}`);
    expect(calls[1]).toBe(
      `POST /api/v2/chat_games/new_start ${JSON.stringify({
        share_id: SHARED_WORLD_SHARE_ID,
        character_ids: [SHARED_WORLD_RECOMMENDED[0]],
      })}`,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("reads the shared world's recommended characters through the square call (page, per_page)", async () => {
    // The square's answer is the one shown: only its first character here.
    const path = `/api/v1/square/${SHARED_WORLD_SHARE_ID}/universes/characters`;
    const real = (await get(path)).body as { data: Array<{ id: string; name: string }> };
    const first = real.data[0]!;
    server.use(
      http.get(`*${path}`, () =>
        HttpResponse.json({
          data: [first],
          paging: { has_prev: false, has_next: false, next: null },
        }),
      ),
    );
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/universes/characters')) asked.push(url.pathname + url.search);
    });
    const { user } = renderApp(`/universe/${SHARED_WORLD_SHARE_ID}`, {
      preloadedState: await signedInState(),
    });
    await openExplore(user);
    const dialog = within(
      await ui.dialog(t('exploration:start.titleOf', { title: sharedWorldTitle() })),
    );
    const boxes = await dialog.findAllByRole('checkbox');
    expect(boxes).toHaveLength(1);
    expect(dialog.getByText(first.name)).toBeVisible();
    expect(asked).toHaveLength(1);
    const query = new URLSearchParams(asked[0]!.split('?')[1]);
    expect([query.get('page'), Number(query.get('per_page')) > 0]).toEqual(['1', true]);
  });

  it('offers to continue my latest game of the world instead of starting again', async () => {
    const { user, router } = renderApp(`/dashboard/worlds/${AUTHOR_WORLD}`, {
      preloadedState: await signedInState(),
    });
    // A game of this world first, so by_source finds it.
    await openExplore(user);
    let dialog = within(await ui.dialog());
    await user.click(await dialog.findByRole('button', { name: startName() }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exploration'));
    const first = new URLSearchParams(router.state.location.search).get('chat');

    await router.navigate(`/dashboard/worlds/${AUTHOR_WORLD}`);
    await openExplore(user);
    dialog = within(await ui.dialog());
    expect(
      await dialog.findByRole('button', { name: t('exploration:start.startAgain') }),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: t('exploration:start.continue') }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?chat=${encodeURIComponent(first!)}`),
    );
  });

  it('says when the world is gone (40403) and does not offer a start', async () => {
    server.use(
      http.get('*/api/v2/chat_game/by_source', () =>
        HttpResponse.json({ error_code: 40403, error_msg: 'world missing' }, { status: 404 }),
      ),
    );
    const { user } = renderApp(`/universe/${SHARED_WORLD_SHARE_ID}`, {
      preloadedState: await signedInState(),
    });
    await openExplore(user);
    const dialog = within(await ui.dialog(t('exploration:start.title')));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('exploration:errors.worldMissing'),
    );
    expect(dialog.queryByRole('button', { name: startName() })).toBeNull();
  });

  it('keeps the dialog open with the message when the start is refused (42236)', async () => {
    server.use(
      http.post('*/api/v2/chat_games/new_start', () =>
        HttpResponse.json({ error_code: 42236, error_msg: 'model paused' }, { status: 422 }),
      ),
    );
    const { user, router } = renderApp(`/universe/${SHARED_WORLD_SHARE_ID}`, {
      preloadedState: await signedInState(),
    });
    await openExplore(user);
    const dialog = within(await ui.dialog());
    await user.click(await dialog.findByRole('button', { name: startName() }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('exploration:errors.modelPaused'));
    expect(router.state.location.pathname).toBe(`/universe/${SHARED_WORLD_SHARE_ID}`);
  });

  it('asks for one character at least when every one is unticked', async () => {
    const { user } = renderApp(`/universe/${SHARED_WORLD_SHARE_ID}`, {
      preloadedState: await signedInState(),
    });
    await openExplore(user);
    const dialog = within(await ui.dialog());
    for (const box of await dialog.findAllByRole('checkbox')) await user.click(box);
    await user.click(dialog.getByRole('button', { name: startName() }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('exploration:start.pickOne'));
  });

  it('is not offered to a logged-out visitor', async () => {
    renderApp(`/universe/${SHARED_WORLD_SHARE_ID}`);
    await screen.findByRole('heading', { name: sharedWorldTitle() });
    expect(screen.queryByRole('button', { name: t('worlds:explore') })).toBeNull();
  });
});

describe('the cast', () => {
  const chars = (n: number) => Array.from({ length: n }, (_, i) => ({ entry_id: `e${i}` }));
  it('starts with the first five recommended characters', () => {
    expect(initialCast(chars(7))).toEqual(['e0', 'e1', 'e2', 'e3', 'e4']);
    expect(initialCast([])).toEqual([]);
  });
  it('toggles a character, never past five', () => {
    expect(toggleCast(['e0', 'e1'], 'e0')).toEqual(['e1']);
    expect(toggleCast(['e0'], 'e1')).toEqual(['e0', 'e1']);
    expect(toggleCast(['e0', 'e1', 'e2', 'e3', 'e4'], 'e5')).toHaveLength(5);
  });
});
