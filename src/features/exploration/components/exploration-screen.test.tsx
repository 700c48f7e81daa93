import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { renderApp, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';
import { db } from '@mocks/db';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { server } from '@mocks/server';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** The author's latest game in the seed: task mode, options on offer, a save point, unsaved. */
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
const powerText = () =>
  screen.getByText((text) => text.startsWith(t('exploration:power.left', { count: '' }).trim()));

describe('/exploration', () => {
  it('sends a message: the reply streams and is stored, power is spent, the input clears', async () => {
    const { user, feed } = await openChat();
    const before = articles(feed).length;
    await waitFor(() => expect(powerText()).toHaveTextContent('320'));
    await user.type(input(), '我们现在就出发吧。');
    await user.keyboard('{Enter}');
    // The reply streams at the demo's pace: on a loaded 2-core machine that took over 5 s.
    await waitFor(() => expect(articles(feed).length).toBe(before + 2), { timeout: 12_000 });
    expect(input()).toHaveValue('');
    const player = articles(feed).at(-2)!;
    expect(player).toHaveTextContent('我们现在就出发吧。');
    // The model costs 1 per reply (m_standard): spent from the free allowance.
    await waitFor(() => expect(powerText()).toHaveTextContent('319'));
    // The reply is announced to screen readers.
    const reply = articles(feed).at(-1)!;
    const announced = document.querySelector('[role="status"][aria-live="polite"]');
    await waitFor(() =>
      expect(announced?.textContent ?? '').toContain(
        reply.querySelector('.chat-message__text')?.textContent?.slice(0, 10) ?? '∅',
      ),
    );
  }, 30_000);

  it('plays an option on offer: its text is the player message, the others are withdrawn, the focus in the input', async () => {
    const { user, feed } = await openChat();
    const choices = screen.getByRole('group', { name: t('exploration:options.label') });
    const option = within(choices).getAllByRole('button')[0]!;
    const text = option.textContent ?? '';
    await user.click(option);
    // The options go as the reply runs: the keyboard is in the input for the next turn.
    expect(input()).toHaveFocus();
    await waitFor(() => expect(articles(feed).at(-2)).toHaveTextContent(text));
    expect(document.activeElement).not.toBe(document.body);
  });

  it('stops a reply: what streamed is kept as a stopped reply; Esc stops too', async () => {
    const game = latestGame();
    server.use(
      http.post('*/api/v2/chats/:chatId/messages', () => {
        const encoder = new TextEncoder();
        const player = {
          id: 'msg_live',
          chat_id: game.chat_id,
          role: 'player',
          speaker_id: null,
          speaker_name: '',
          content: '你好',
          state: 'complete',
          option_id: null,
          edited: false,
          created_at: Date.now(),
          updated_at: Date.now(),
        };
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            for (const line of [
              { event: 'start', player_message: player, reply_id: 'msg_r', speaker_name: '' },
              { event: 'delta', text: '风从北边吹来' },
            ])
              controller.enqueue(encoder.encode(JSON.stringify(line) + '\n'));
          },
        });
        return new HttpResponse(stream, { headers: { 'Content-Type': 'application/x-ndjson' } });
      }),
    );
    const { user, feed } = await openChat();
    await user.type(input(), '你好');
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: t('exploration:input.stop') });
    await waitFor(() => expect(screen.getByText('风从北边吹来')).toBeInTheDocument());
    fireEvent.keyDown(input(), { key: 'Escape' });
    await waitFor(() =>
      expect(articles(feed).at(-1)).toHaveTextContent(t('exploration:messages.stopped')),
    );
    expect(articles(feed).at(-1)).toHaveTextContent('风从北边吹来');
    expect(screen.getByRole('button', { name: t('exploration:input.send') })).toBeVisible();
  });

  it('a message edited in another tab meanwhile: both edits are compared, keep both saves both', async () => {
    const { user, feed, game } = await openChat();
    const firstPlayer = feed.querySelector<HTMLElement>('article.chat-message--player')!;
    const text = firstPlayer.querySelector('.chat-message__text')!.textContent!;
    const row = () =>
      db.chatMessages.findFirst((q) => q.where({ chat_id: game.chat_id, role: 'player' }))!;
    expect(row().content).toBe(text);
    await user.click(
      within(firstPlayer).getByRole('button', {
        name: t('exploration:messages.edit', { who: t('exploration:messages.you') }),
      }),
    );
    // The other tab saves its edit of the same message.
    await db.chatMessages.update((q) => q.where({ id: row().id }), {
      data: (m) => {
        m.content = '另一个标签页的改写';
        m.edited = true;
        m.updated_at = (m.updated_at ?? m.created_at) + 1;
      },
    });
    const field = within(firstPlayer).getByRole('textbox', {
      name: t('exploration:messages.editLabel'),
    });
    await user.clear(field);
    await user.type(field, '这个标签页的改写');
    await user.click(
      within(firstPlayer).getByRole('button', { name: t('exploration:messages.saveEdit') }),
    );
    const compare = await ui.dialog(t('common:conflict.title'));
    expect(row().content).toBe('另一个标签页的改写');
    await user.click(within(compare).getByRole('button', { name: t('common:conflict.keepBoth') }));
    await waitFor(() => expect(row().content).toContain('这个标签页的改写'));
    expect(row().content).toContain('另一个标签页的改写');
    await waitFor(() => expect(firstPlayer).toHaveTextContent('这个标签页的改写'));
  });

  it('edits a message (the focus stays on it), then recalls the last player message (its text back in the input)', async () => {
    const { user, feed } = await openChat();
    const firstPlayer = feed.querySelector<HTMLElement>('article.chat-message--player')!;
    await user.click(
      within(firstPlayer).getByRole('button', {
        name: t('exploration:messages.edit', { who: t('exploration:messages.you') }),
      }),
    );
    const field = within(firstPlayer).getByRole('textbox', {
      name: t('exploration:messages.editLabel'),
    });
    await user.clear(field);
    await user.type(field, '改过的第一句话');
    await user.click(
      within(firstPlayer).getByRole('button', { name: t('exploration:messages.saveEdit') }),
    );
    await waitFor(() => expect(firstPlayer).toHaveTextContent(t('exploration:messages.edited')));
    expect(firstPlayer).toHaveTextContent('改过的第一句话');
    // The form went with the save: the keyboard stays on the message, not the page.
    expect(firstPlayer).toHaveFocus();
    // And an edit given up with Esc leaves it there too.
    await user.click(
      within(firstPlayer).getByRole('button', {
        name: t('exploration:messages.edit', { who: t('exploration:messages.you') }),
      }),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(firstPlayer).queryByRole('textbox')).not.toBeInTheDocument());
    expect(firstPlayer).toHaveFocus();

    const players = feed.querySelectorAll<HTMLElement>('article.chat-message--player');
    const last = players[players.length - 1]!;
    const lastText = last.querySelector('.chat-message__text')!.textContent!;
    const count = articles(feed).length;
    const laterCount = [...feed.querySelectorAll('article')].indexOf(last);
    await user.click(within(last).getByRole('button', { name: t('exploration:messages.recall') }));
    await waitFor(() => expect(articles(feed).length).toBe(laterCount));
    expect(count).toBeGreaterThan(laterCount);
    await waitFor(() => expect(input()).toHaveValue(lastText));
  });

  it('recalling an earlier turn asks first, saying how many messages go; cancel keeps them all', async () => {
    const { user, feed } = await openChat();
    const players = feed.querySelectorAll<HTMLElement>('article.chat-message--player');
    expect(players.length).toBeGreaterThan(1);
    const earlier = players[players.length - 2]!;
    const earlierText = earlier.querySelector('.chat-message__text')!.textContent!;
    const all = articles(feed);
    const from = all.indexOf(earlier);
    const going = all.length - from;
    expect(going).toBeGreaterThan(2);
    const recall = within(earlier).getByRole('button', { name: t('exploration:messages.recall') });

    // Cancel: nothing is sent, every message stays, the keyboard is back on the button.
    await user.click(recall);
    let ask = await screen.findByRole('dialog', {
      name: t('exploration:messages.recallAskTitle'),
    });
    expect(ask).toHaveTextContent(t('exploration:messages.recallAskText', { count: going }));
    await user.click(within(ask).getByRole('button', { name: t('common:actions.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(articles(feed)).toHaveLength(all.length);
    expect(recall).toHaveFocus();

    // Confirmed: exactly those messages go, the text is back in the focused input.
    await user.click(recall);
    ask = await screen.findByRole('dialog', { name: t('exploration:messages.recallAskTitle') });
    await user.click(
      within(ask).getByRole('button', {
        name: t('exploration:messages.recallAskConfirm', { count: going }),
      }),
    );
    await waitFor(() => expect(articles(feed)).toHaveLength(from));
    await waitFor(() => expect(input()).toHaveValue(earlierText));
    await waitFor(() => expect(input()).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('saves, then branches from the first message: the chat moves to the branch, the focus to its input', async () => {
    const { user, feed, router, game } = await openChat();
    expect(screen.getByText(new RegExp(t('exploration:toolbar.unsaved')))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('exploration:toolbar.save') }));
    const dialog = await screen.findByRole('dialog', {
      name: t('exploration:savePoints.saveTitle'),
    });
    await user.type(within(dialog).getByRole('textbox'), '第一幕');
    await user.click(
      within(dialog).getByRole('button', { name: t('exploration:savePoints.save') }),
    );
    await waitFor(() =>
      expect(screen.queryByText(new RegExp(t('exploration:toolbar.unsaved')))).toBeNull(),
    );
    const first = articles(feed)[0]!;
    // Edit, (recall,) branch: the last of the message's buttons.
    await user.click(within(first).getAllByRole('button').at(-1)!);
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('chat')).not.toBe(game.chat_id),
    );
    const archives = db.chatArchives.findMany((q) => q.where({ game_id: game.id }));
    expect(archives.some((a) => a.kind === 'branch')).toBe(true);
    // The branch's button went with the old chat: the new one takes the keyboard in its input.
    await waitFor(() => expect(input()).toHaveFocus());
  });

  it("opens the chat's world (the exploration-word dialog) without leaving the chat", async () => {
    const { user, router, game } = await openChat();
    const world = screen.getByRole('button', { name: t('exploration:toolbar.world') });
    await user.click(world);
    const dialog = await screen.findByRole('dialog');
    expect(router.state.location.search).toContain(game.chat_id);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(world).toHaveFocus());
  });

  it('asks before leaving with unsaved progress; stay keeps the chat', async () => {
    const { user } = await openChat();
    await user.click(screen.getByRole('link', { name: t('exploration:toolbar.back') }));
    const dialog = await screen.findByRole('dialog', { name: t('exploration:leave.title') });
    await user.click(within(dialog).getByRole('button', { name: t('exploration:leave.stay') }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByRole('feed')).toBeInTheDocument();
  });

  it('loads a save point (asking first, progress unsaved) and turns a span into a chapter draft', async () => {
    const { user, router, game, feed } = await openChat();
    await user.click(screen.getByRole('button', { name: t('exploration:toolbar.savePoints') }));
    const dialog = await screen.findByRole('dialog', { name: t('exploration:savePoints.title') });
    const load = await within(dialog).findAllByRole('button', {
      name: new RegExp(t('exploration:savePoints.load')),
    });
    await user.click(load[load.length - 1]!);
    await user.click(
      within(dialog).getByRole('button', { name: t('exploration:savePoints.loadAnyway') }),
    );
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('chat')).not.toBe(game.chat_id),
    );
    // The loaded chat's own screen (the previous chat's is gone).
    await waitFor(() => expect(screen.getByRole('feed')).not.toBe(feed));

    await user.click(
      await screen.findByRole('button', { name: t('exploration:toolbar.savePoints') }),
    );
    const points = await screen.findByRole('dialog', { name: t('exploration:savePoints.title') });
    await user.click(
      await within(points).findByRole('button', { name: t('exploration:desk.open') }),
    );
    const story = within(points).getByRole('combobox', { name: t('exploration:desk.story') });
    // Without a story the form says so and sends nothing.
    await user.click(within(points).getByRole('button', { name: t('exploration:desk.send') }));
    expect(within(points).getByRole('alert')).toHaveTextContent(t('exploration:desk.chooseStory'));
    await waitFor(() => expect(story.querySelectorAll('option').length).toBeGreaterThan(1));
    await user.selectOptions(story, story.querySelectorAll('option')[1]!.getAttribute('value')!);
    await user.click(within(points).getByRole('button', { name: t('exploration:desk.send') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor'));
    const cid = new URLSearchParams(router.state.location.search).get('cid');
    expect(db.chapters.findFirst((q) => q.where({ id: cid! }))).toBeTruthy();
  }, 30_000);
});
