import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { renderApp, signedInState } from '@/testing/render';
import { db } from '@mocks/db';
import { chatStreamDrops } from '@mocks/scenarios/exploration';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { server } from '@mocks/server';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** The author's latest game in the seed: task mode, options on offer. */
function latestGame() {
  return db.chatGames
    .findMany((q) => q.where({ uid: AUTHOR_UID }))
    .sort((a, b) => b.updated_at - a.updated_at)[0]!;
}

async function openChat() {
  const game = latestGame();
  const view = renderApp(paths.exploration.getHref({ chat: game.chat_id }), {
    preloadedState: await signedInState(),
  });
  const feed = await screen.findByRole('feed');
  await waitFor(() => expect(within(feed).getAllByRole('article').length).toBeGreaterThan(0));
  return { ...view, game, feed };
}

const input = () => screen.getByRole('textbox', { name: t('exploration:input.label') });
const articles = (feed: HTMLElement) => within(feed).getAllByRole('article');
const offered = () =>
  within(screen.getByRole('group', { name: t('exploration:options.label') }))
    .getAllByRole('button')
    .map((b) => b.textContent);
const powerText = () =>
  screen.getByText((text) => text.startsWith(t('exploration:power.left', { count: '' }).trim()));

describe('chat recovery', () => {
  it('a cut reply keeps the text and the offer; 重试 gets the reply, charged once', async () => {
    server.use(...chatStreamDrops());
    const { user, feed } = await openChat();
    await waitFor(() => expect(powerText()).toHaveTextContent('320'));
    const offer = offered();
    expect(offer.length).toBeGreaterThan(0);
    const before = articles(feed).length;

    await user.type(input(), '那封信是谁留下的？');
    await user.keyboard('{Enter}');
    await screen.findByText(t('exploration:errors.replyFailed'), {}, { timeout: 10_000 });
    // The player's message is stored and awaits its reply; the text is back in the input.
    await waitFor(() => expect(articles(feed).length).toBe(before + 1));
    const mine = articles(feed).at(-1)!;
    expect(mine).toHaveTextContent('那封信是谁留下的？');
    expect(mine).toHaveTextContent(t('exploration:messages.noReply'));
    expect(input()).toHaveValue('那封信是谁留下的？');
    expect(offered()).toEqual(offer);
    await waitFor(() => expect(powerText()).toHaveTextContent('320'));

    await user.click(within(mine).getByRole('button', { name: t('exploration:messages.retry') }));
    // Focus stays on the message while its reply streams, never on the page itself.
    expect(document.activeElement).toBe(mine);
    await waitFor(() => expect(articles(feed).length).toBe(before + 2), { timeout: 12_000 });
    expect(articles(feed).at(-2)).toHaveTextContent('那封信是谁留下的？');
    expect(articles(feed).at(-2)).not.toHaveTextContent(t('exploration:messages.noReply'));
    expect(screen.queryByText(t('exploration:errors.replyFailed'))).toBeNull();
    expect(input()).toHaveValue('');
    await waitFor(() => expect(powerText()).toHaveTextContent('319'));
    expect(document.activeElement).not.toBe(document.body);
    // Stored once: the server holds one such message.
    const stored = db.chatMessages
      .findMany((q) => q.where({ chat_id: latestGame().chat_id }))
      .filter((m) => m.content === '那封信是谁留下的？');
    expect(stored).toHaveLength(1);
  }, 40_000);

  it('the failure notice offers 重试 too, and the reply arrives once', async () => {
    server.use(...chatStreamDrops());
    const { user, feed } = await openChat();
    const before = articles(feed).length;
    await user.type(input(), '城门外是谁在敲钟？');
    await user.keyboard('{Enter}');
    const notice = (await screen.findByText(t('exploration:errors.replyFailed'))).closest(
      '[role="alert"]',
    ) as HTMLElement;
    await user.click(
      within(notice).getByRole('button', { name: t('exploration:messages.retryShort') }),
    );
    await waitFor(() => expect(articles(feed).length).toBe(before + 2));
    expect(screen.queryByText(t('exploration:errors.replyFailed'))).toBeNull();
    const stored = db.chatMessages
      .findMany((q) => q.where({ chat_id: latestGame().chat_id }))
      .filter((m) => m.content === '城门外是谁在敲钟？');
    expect(stored).toHaveLength(1);
  }, 40_000);

  it('sending the kept text again asks for the same reply, not a second message', async () => {
    server.use(...chatStreamDrops());
    const { user, feed } = await openChat();
    const before = articles(feed).length;
    await user.type(input(), '雨停了，我们去城门看看。');
    await user.keyboard('{Enter}');
    await screen.findByText(t('exploration:errors.replyFailed'), {}, { timeout: 10_000 });
    expect(input()).toHaveValue('雨停了，我们去城门看看。');
    await user.click(screen.getByRole('button', { name: t('exploration:input.send') }));
    await waitFor(() => expect(articles(feed).length).toBe(before + 2), { timeout: 12_000 });
    expect(input()).toHaveValue('');
    const stored = db.chatMessages
      .findMany((q) => q.where({ chat_id: latestGame().chat_id }))
      .filter((m) => m.content === '雨停了，我们去城门看看。');
    expect(stored).toHaveLength(1);
  }, 40_000);

  it('the offer survives task → free → task', async () => {
    const { user } = await openChat();
    const offer = offered();
    const mode = screen.getByRole('group', { name: t('exploration:toolbar.mode') });
    await user.click(
      within(mode).getByRole('button', { name: t('exploration:toolbar.modes.free') }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: t('exploration:options.label') })).toBeNull(),
    );
    await user.click(
      within(mode).getByRole('button', { name: t('exploration:toolbar.modes.task') }),
    );
    await waitFor(() => expect(offered()).toEqual(offer));
  });

  it('lists the choices made in task mode (played options)', async () => {
    const { user, feed } = await openChat();
    const choice = within(
      screen.getByRole('group', { name: t('exploration:options.label') }),
    ).getAllByRole('button')[0]!;
    const text = choice.textContent ?? '';
    await user.click(choice);
    await waitFor(() => expect(articles(feed).at(-2)).toHaveTextContent(text), { timeout: 12_000 });
    const toggle = screen.getByRole('button', { name: t('exploration:options.played') });
    await user.click(toggle);
    const panel = await screen.findByRole('region', { name: t('exploration:options.played') });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent(text));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: t('exploration:options.played') })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  }, 30_000);
});
