import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { deleteCookie, getCookie } from '@/lib/cookie';
import { i18next } from '@/lib/i18n';
import { CHAT_RETURN_COOKIE } from '@/config/paths';
import { credentialsReceived } from '@/core/session-slice';
import { db } from '@mocks/db';
import { server } from '@mocks/server';
import { signedIn } from '@mocks/scenarios/session';
import { renderApp, signedInState } from '@/testing/render';
import { findOneToOne, oneToOneGames } from './one-to-one';
import type { ChatGame } from '@/api/exploration';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

afterEach(() => {
  deleteCookie(CHAT_RETURN_COOKIE);
  server.events.removeAllListeners('request:start');
});

/** The new_start bodies the client sends. */
function watchStarts() {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (!new URL(request.url).pathname.endsWith('/chat_games/new_start')) return;
    void request
      .clone()
      .json()
      .then((b) => bodies.push(b));
  });
  return bodies;
}

describe('/yjin/chat: one-to-one chats with a character', () => {
  it('starts a chat with one square character alone and opens it on /yjin/chat', async () => {
    const starts = watchStarts();
    const { user, router } = renderApp('/yjin/chat', { preloadedState: await signedInState() });
    const meet = within(
      (await screen.findByRole('heading', { name: t('exploration:oneToOne.meet') })).closest(
        'section',
      )!,
    );
    const [talk] = await meet.findAllByRole('button', { name: /^(和|Talk to )/ });
    const name = talk!
      .getAttribute('aria-label')!
      .replace(/^和(.*)聊天$/, '$1')
      .replace(/^Talk to /, '');
    await user.click(talk!);

    await waitFor(() => expect(router.state.location.search).toMatch(/^\?chat=/));
    expect(router.state.location.pathname).toBe('/yjin/chat');
    expect(starts).toHaveLength(1);
    expect((starts[0] as { character_ids: string[] }).character_ids).toHaveLength(1);
    const chatId = new URLSearchParams(router.state.location.search).get('chat')!;
    expect(db.chats.findFirst((q) => q.where({ id: chatId }))!.cast).toHaveLength(1);

    // Back on the list, the conversation is there and the same character opens it again.
    await act(() => router.navigate('/yjin/chat'));
    const mine = within(
      (await screen.findByRole('heading', { name: t('exploration:oneToOne.mine') })).closest(
        'section',
      )!,
    );
    const again = await mine.findByRole('link', {
      name: t('exploration:oneToOne.continueWith', { name }),
    });
    expect(again).toHaveAttribute('href', `/yjin/chat?chat=${chatId}`);
    await user.click(
      await screen.findByRole('button', { name: t('exploration:oneToOne.talkTo', { name }) }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?chat=${chatId}`));
    expect(starts).toHaveLength(1);
  });

  it('shows my dialogue power', async () => {
    renderApp('/yjin/chat', { preloadedState: await signedInState() });
    expect(await screen.findByText(/^(对话能量|Dialogue power)/)).toBeInTheDocument();
  });

  it('says a chat that is gone (40408) and leads back to the list', async () => {
    renderApp('/yjin/chat?chat=c_gone', { preloadedState: await signedInState() });
    expect(await screen.findByText(t('exploration:errors.missing'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('exploration:oneToOne.back') })).toHaveAttribute(
      'href',
      '/yjin/chat',
    );
  });

  it('logged out: to Novels with the login dialog, the chat kept in the cookie and restored after login', async () => {
    const { router, store } = renderApp('/yjin/chat?chat=c_1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/novels'));
    expect(getCookie(CHAT_RETURN_COOKIE)).toBe('/yjin/chat?chat=c_1');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();

    const s = await signedIn();
    act(() => {
      store.dispatch(
        credentialsReceived({
          uid: s.uid,
          access_token: s.accessToken,
          refresh_token: s.refreshToken,
        }),
      );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/yjin/chat'));
    expect(router.state.location.search).toBe('?chat=c_1');
    expect(getCookie(CHAT_RETURN_COOKIE)).toBeNull();
  });
});

describe('one-to-one games', () => {
  const game = (id: string, cast: string[], share: string | null = 's1') =>
    ({
      id,
      chat_id: `c_${id}`,
      source_share_id: share,
      cast: cast.map((name) => ({ entry_id: `e_${name}`, name, description: '', image: '' })),
    }) as unknown as ChatGame;
  it('are the games with a single cast member', () => {
    expect(oneToOneGames([game('a', ['甲']), game('b', ['甲', '乙'])]).map((g) => g.id)).toEqual([
      'a',
    ]);
  });
  it('match a character by its world and name', () => {
    const games = [game('a', ['甲'], 's2'), game('b', ['甲'])];
    expect(findOneToOne(games, { name: '甲', universe: { share_id: 's1' } })?.id).toBe('b');
    expect(findOneToOne(games, { name: '乙', universe: { share_id: 's1' } })).toBeNull();
  });
});
