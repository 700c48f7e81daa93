import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getResponse, http, RequestHandler } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/number-format';
import { i18next } from '@/lib/i18n';
import { powerBalance } from '@/rules/power';
import { deleteDraft, draftKey, loadDrafts, saveDraft } from '@/lib/drafts';
import { db } from '@mocks/db';
import { RISKY_WORDS } from '@mocks/handlers/writing-prose';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { server } from '@mocks/server';
import { powerEmpty, saveFails, streamDrops } from '@mocks/scenarios/writing';
import { refreshFails, tokenExpired } from '@mocks/scenarios/session';
import { networkDown } from '@mocks/scenarios/faults';
import { installManualClock, type ManualClock } from '@/testing/manual-clock';
import { renderApp, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';
import { AUTOSAVE_DELAY_MS } from '../hooks/use-chapter-save';
import { LOGIN_DIALOG_DELAY_MS } from '@/session/startup-outcome';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const STORY = 'n_lcygh4duya';
const CHAPTER = 'c_e810wl79lf';
const href = paths.editor.getHref({ nid: STORY, cid: CHAPTER });
const chapterRow = () => db.chapters.findFirst((q) => q.where({ id: CHAPTER }));

async function openEditor(path = href) {
  const view = renderApp(path, { preloadedState: await signedInState() });
  const title = await screen.findByLabelText(t('writing:editor.chapterTitle'));
  return { ...view, title };
}

/**
 * The app's clock, moved only by the test (started at the real time: the mock backend judges
 * tokens by it): the autosave runs when it is advanced.
 */
let manual: ManualClock;
/** Moves the app's clock past the autosave (1.5 s after the last edit): it has run now. */
const afterAutosave = () => manual.advance(AUTOSAVE_DELAY_MS);

const power = () => {
  const b = db.benefits.findFirst((q) => q.where({ uid: AUTHOR_UID }));
  return b ? powerBalance(b) : 0;
};

describe('/editor', () => {
  beforeEach(async () => {
    manual = installManualClock(Date.now());
    await deleteDraft(draftKey(AUTHOR_UID, CHAPTER));
  });

  it('shows the chapter title, body and live counts', async () => {
    const { title } = await openEditor();
    expect(title).toHaveValue(chapterRow()?.name);
    const body = screen.getByRole('textbox', { name: t('writing:editor.body') });
    expect(body).toHaveTextContent(chapterRow()?.content.split('\n')[0] ?? '');
    expect(screen.getByText(/\/ 20000/)).toBeInTheDocument();
  });

  it("highlights the bound world's glossary names (hover shows the entry) and forbidden words", async () => {
    const world = db.stories.findFirst((q) => q.where({ id: STORY }))?.universe_id ?? '';
    await db.worlds.update((q) => q.where({ id: world }), {
      data: (w) => void (w.forbidden_words = [{ id: 'fw_x', word: '南海' }]),
    });
    const entry = db.entries
      .findMany((q) => q.where({ universe_id: world }))
      .find((e) => chapterRow()?.content.includes(e.name));
    expect(entry).toBeTruthy();
    await openEditor();
    const editable = screen.getByRole('textbox', { name: t('writing:editor.body') });
    /** Points the (jsdom-less) caret lookup at the first occurrence of `word` in the body. */
    const pointAt = (word: string) => {
      const walker = document.createTreeWalker(editable, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.nodeValue?.indexOf(word) ?? -1;
        if (at >= 0) {
          const node = n;
          Object.assign(document, {
            caretPositionFromPoint: () => ({ offsetNode: node, offset: at + 1 }),
          });
          return;
        }
      }
      throw new Error(`${word} is not in the body`);
    };
    const hover = (word: string) => {
      pointAt(word);
      editable.dispatchEvent(
        new MouseEvent('mousemove', { bubbles: true, clientX: 5, clientY: 5 }),
      );
      return screen.getByRole('tooltip');
    };
    try {
      await waitFor(() =>
        expect(hover(entry?.name ?? '')).toHaveTextContent(entry?.description ?? ''),
      );
      await waitFor(() => expect(hover('南海')).toHaveTextContent('南海'));
      // Touch: no hover, a tap on a name shows its entry.
      editable.dispatchEvent(new MouseEvent('mouseleave'));
      await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
      pointAt(entry?.name ?? '');
      fireEvent.click(editable, { clientX: 5, clientY: 5 });
      expect(await screen.findByRole('tooltip')).toHaveTextContent(entry?.description ?? '');
    } finally {
      Reflect.deleteProperty(document, 'caretPositionFromPoint');
    }
  });

  it('moving the caret onto a glossary name with the keyboard shows its entry; Esc hides it', async () => {
    const world = db.stories.findFirst((q) => q.where({ id: STORY }))?.universe_id ?? '';
    const entry = db.entries
      .findMany((q) => q.where({ universe_id: world }))
      .find((e) => chapterRow()?.content.includes(e.name));
    await openEditor();
    const editable = screen.getByRole('textbox', { name: t('writing:editor.body') });
    const caretOn = (word: string) => {
      const walker = document.createTreeWalker(editable, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.nodeValue?.indexOf(word) ?? -1;
        if (at >= 0) return document.getSelection()?.collapse(n, at + 1);
      }
      throw new Error(`${word} is not in the body`);
    };
    // jsdom has no layout: the caret's box is where the tooltip goes, any box will do here.
    const emptyBox = Range.prototype.getBoundingClientRect;
    Range.prototype.getBoundingClientRect = () => new DOMRect(10, 10, 0, 16);
    try {
      const tip = await waitFor(() => {
        caretOn(entry?.name ?? '');
        fireEvent.keyUp(editable, { key: 'ArrowRight' });
        return screen.getByRole('tooltip');
      });
      expect(tip).toHaveTextContent(entry?.description ?? '');
      expect(editable).toHaveAttribute('aria-describedby', tip.id);
      fireEvent.keyUp(editable, { key: 'Escape' });
      expect(screen.queryByRole('tooltip')).toBeNull();
      expect(editable).not.toHaveAttribute('aria-describedby');
    } finally {
      Range.prototype.getBoundingClientRect = emptyBox;
    }
  });

  it('autosaves a title change after typing stops', async () => {
    const { title, user } = await openEditor();
    await user.clear(title);
    await user.type(title, '第一章 新名');
    await afterAutosave();
    await waitFor(() => expect(chapterRow()?.name).toBe('第一章 新名'));
    expect(await screen.findByText(t('writing:editor.status.saved'))).toBeInTheDocument();
  });

  it("Ctrl+S or ⌘S saves at once instead of opening the browser's save dialog", async () => {
    const { title, user } = await openEditor();
    await user.clear(title);
    await user.type(title, '第一章 快存');
    // Sooner than the autosave (1.5 s after typing stops) could.
    expect(fireEvent.keyDown(title, { key: 's', ctrlKey: true })).toBe(false);
    await waitFor(() => expect(chapterRow()?.name).toBe('第一章 快存'));
    await user.type(title, '！');
    expect(fireEvent.keyDown(document.body, { key: 'S', metaKey: true })).toBe(false);
    await waitFor(() => expect(chapterRow()?.name).toBe('第一章 快存！'));
    // Other shortcuts are left to the browser.
    expect(fireEvent.keyDown(title, { key: 's', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(screen.getByRole('button', { name: t('writing:editor.saveNow') })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+S Meta+S',
    );
  });

  it('keeps a local draft when saving fails (500) and offers it on the next open', async () => {
    server.use(...saveFails());
    const { title, user, unmount } = await openEditor();
    await user.type(title, '（草稿）');
    await afterAutosave();
    await screen.findByText(/^未保存|^Not saved/);
    const draft = await loadDrafts(AUTHOR_UID, CHAPTER).then(([d]) => d ?? null);
    expect(draft?.name).toMatch(/（草稿）$/);
    unmount();
    server.resetHandlers();
    renderApp(href, { preloadedState: await signedInState() });
    const dialog = await ui.dialog(t('writing:editor.draft.title'));
    await userClick(
      within(dialog).getByRole('button', { name: t('writing:editor.draft.restore') }),
    );
    expect(screen.getByLabelText(t('writing:editor.chapterTitle'))).toHaveValue(draft?.name);
    // The restored draft is saved like fresh typing.
    await afterAutosave();
    await waitFor(() => expect(chapterRow()?.name).toBe(draft?.name));
  });

  it('offline when the editor opens: the local draft is shown, and saved once back online', async () => {
    const row = chapterRow();
    await saveDraft({
      key: draftKey(AUTHOR_UID, CHAPTER),
      name: '离线标题',
      content: '离线时写下的正文',
      base_updated_at: row?.updated_at ?? 0,
      changed_at: Date.now(),
    });
    server.use(...networkDown());
    renderApp(href, { preloadedState: await signedInState() });
    expect(await screen.findByText(t('writing:editor.offlineDraft'))).toBeInTheDocument();
    expect(screen.getByLabelText(t('writing:editor.chapterTitle'))).toHaveValue('离线标题');
    expect(screen.getByRole('textbox', { name: t('writing:editor.body') })).toHaveTextContent(
      '离线时写下的正文',
    );
    // The restored draft shows as unsaved once the editor's effects have run, its listener for
    // the network coming back among them (no autosave on the manual clock sends it meanwhile).
    await screen.findByText(t('writing:editor.status.unsaved'));
    server.resetHandlers();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(chapterRow()?.content).toBe('离线时写下的正文'));
    expect(chapterRow()?.name).toBe('离线标题');
  });

  it('discarding an offered draft keeps the server copy', async () => {
    const row = chapterRow();
    await saveDraft({
      key: draftKey(AUTHOR_UID, CHAPTER),
      name: 'local name',
      content: 'local text',
      base_updated_at: row?.updated_at ?? 0,
      changed_at: Date.now(),
    });
    renderApp(href, { preloadedState: await signedInState() });
    const dialog = await ui.dialog(t('writing:editor.draft.title'));
    // The safe choice has the focus: a key pressed as the dialog opens cannot discard.
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: t('writing:editor.draft.restore') }),
      ).toHaveFocus(),
    );
    await userClick(
      within(dialog).getByRole('button', { name: t('writing:editor.draft.discard') }),
    );
    expect(screen.getByLabelText(t('writing:editor.chapterTitle'))).toHaveValue(row?.name);
    expect(await loadDrafts(AUTHOR_UID, CHAPTER).then(([d]) => d ?? null)).toBeNull();
  });

  it('a draft based on a server version since replaced opens both versions; keeping both saves every character', async () => {
    const row = chapterRow()!;
    await saveDraft({
      key: draftKey(AUTHOR_UID, CHAPTER),
      name: row.name,
      content: `${row.content}\n本设备上没保存的一段`,
      base_updated_at: row.updated_at - 7,
      changed_at: Date.now(),
    });
    renderApp(href, { preloadedState: await signedInState() });
    const dialog = await ui.dialog(t('writing:editor.conflict.title'));
    const both = within(dialog).getByRole('button', {
      name: t('common:conflict.keepBoth'),
    });
    await waitFor(() => expect(both).toHaveFocus());
    await userClick(both);
    // The editor opens on the merged text, saved like fresh typing.
    await screen.findByLabelText(t('writing:editor.chapterTitle'));
    await afterAutosave();
    await waitFor(() => expect(chapterRow()?.content).toContain('本设备上没保存的一段'));
    expect(chapterRow()?.content).toContain(row.content);
    expect(chapterRow()?.content).toContain(t('common:conflict.markTheirs'));
  });

  it('a save that meets another device’s save (40920) shows both; keeping both loses neither', async () => {
    const { title, user } = await openEditor();
    const other = '另一台设备保存的新段落';
    // Another device saves the chapter after this page opened it.
    await db.chapters.update((q) => q.where({ id: CHAPTER }), {
      data: (c) => {
        c.content = `${c.content}\n${other}`;
        c.updated_at += 5;
      },
    });
    await user.type(title, '改');
    // The autosave 1.5 s later meets the conflict: said beside the text, the keyboard stays.
    await afterAutosave();
    const notice = await screen.findByRole('group', { name: t('writing:editor.conflict.notice') });
    expect(screen.getByRole('toolbar').querySelector('[role="status"]')).toHaveTextContent(
      t('writing:editor.status.conflict'),
    );
    expect(title).toHaveFocus();
    expect(ui.queryDialog(t('writing:editor.conflict.title'))).toBeNull();
    // Keys typed after the notice appeared are the writer's too.
    await user.type(title, '好');
    await userClick(within(notice).getByRole('button', { name: t('common:conflict.compare') }));
    const dialog = await screen.findByRole('dialog', { name: t('writing:editor.conflict.title') });
    expect(within(dialog).getByText(other, { exact: false })).toBeInTheDocument();
    await userClick(within(dialog).getByRole('button', { name: t('common:conflict.keepBoth') }));
    await waitFor(() => expect(chapterRow()?.name).toMatch(/改好$/));
    expect(chapterRow()?.content).toContain(other);
    const body = screen.getByRole('textbox', { name: t('writing:editor.body') });
    expect(body).toHaveTextContent(other);
    // The notice's button is gone: the keyboard is back in the text, not on the page.
    await waitFor(() => expect(body).toHaveFocus());
  });

  it('a chapter changed elsewhere while nothing here is unsaved: the editor takes in the new version', async () => {
    await openEditor();
    const other = '另一台设备写下的话';
    await db.chapters.update((q) => q.where({ id: CHAPTER }), {
      data: (c) => {
        c.content = `${c.content}\n${other}`;
        c.updated_at += 5;
      },
    });
    // The writer comes back to the window.
    window.dispatchEvent(new Event('focus'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: t('writing:editor.body') })).toHaveTextContent(
        other,
      ),
    );
    expect(ui.queryDialog(t('writing:editor.conflict.title'))).toBeNull();
  });

  it('a focus while a check is on its way is not lost: the change made meanwhile is taken in', async () => {
    const { store } = await openEditor();
    // The editor's own reads are done: a check started now sends a read of its own (one asked
    // while the same read is on its way joins that one instead).
    await waitFor(() =>
      expect(Object.values(store.getState().api.queries).some((q) => q?.status === 'pending')).toBe(
        false,
      ),
    );
    // The first check reads the chapter as it was, and its answer is held back…
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const reading = new Promise<void>((resolve) => (started = resolve));
    const hold = http.get(
      '/api/v1/chapters/:id/content',
      async ({ request }) => {
        const answer = await getResponse(
          server
            .listHandlers()
            .filter((h): h is RequestHandler => h instanceof RequestHandler && h !== hold),
          request,
        );
        started();
        await held;
        return answer;
      },
      { once: true },
    );
    server.use(hold);
    window.dispatchEvent(new Event('focus'));
    await reading;
    // …while another device saves, and the writer comes back to the window again.
    const other = '检查途中另一台设备写下的话';
    await db.chapters.update((q) => q.where({ id: CHAPTER }), {
      data: (c) => {
        c.content = `${c.content}\n${other}`;
        c.updated_at += 5;
      },
    });
    window.dispatchEvent(new Event('focus'));
    release();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: t('writing:editor.body') })).toHaveTextContent(
        other,
      ),
    );
  });

  it('asks before leaving with unsaved changes', async () => {
    server.use(...saveFails());
    const { title, user, router } = await openEditor();
    await user.type(title, '!');
    await user.click(screen.getByRole('link', { name: t('writing:editor.backToChapters') }));
    const dialog = await ui.dialog(t('writing:editor.leave.title'));
    await user.click(within(dialog).getByRole('button', { name: t('writing:editor.leave.stay') }));
    expect(router.state.location.pathname).toBe('/editor');
    await user.click(screen.getByRole('link', { name: t('writing:editor.backToChapters') }));
    const again = await ui.dialog(t('writing:editor.leave.title'));
    await user.click(
      within(again).getByRole('button', { name: t('writing:editor.leave.discard') }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/novels/${STORY}`));
  });

  it('continues into cards, charges the length per card (3 cards of 100: 300), inserts and undoes a card', async () => {
    const { user } = await openEditor();
    const before = power();
    await user.click(screen.getByRole('button', { name: t('writing:ai.continue', { cost: 100 }) }));
    const cards = await screen.findByRole('group', { name: t('writing:ai.cards') });
    expect(
      within(cards).getByText(t('writing:ai.cardOf', { index: 1, total: 3 })),
    ).toBeInTheDocument();
    expect(power()).toBe(before - 300);
    // The balance shown beside the counts follows the charge.
    expect(
      await screen.findByText(
        t('writing:editor.power', { value: formatCount(before - 300, 'zh') }),
      ),
    ).toBeInTheDocument();
    await user.click(within(cards).getByRole('button', { name: t('writing:ai.next') }));
    const card = cards.querySelector('.ai-card')?.textContent ?? '';
    expect(card.length).toBeGreaterThan(20);
    await user.click(within(cards).getByRole('button', { name: t('writing:ai.insert') }));
    const body = screen.getByRole('textbox', { name: t('writing:editor.body') });
    await waitFor(() => expect(body.textContent).toContain(card));
    await user.click(screen.getByRole('button', { name: t('writing:ai.undo') }));
    await waitFor(() => expect(body.textContent).not.toContain(card));
    expect(power()).toBe(before - 300);
    await user.click(screen.getByRole('button', { name: t('writing:ai.redo') }));
    await waitFor(() => expect(body.textContent).toContain(card));
    await user.click(
      within(cards).getByRole('button', { name: t('writing:ai.regenerate', { cost: 100 }) }),
    );
    await waitFor(() => expect(screen.getByText(t('writing:ai.history'))).toBeInTheDocument());
  });

  it('a stream dropped mid-card says so, charges nothing and leaves the text as it was', async () => {
    server.use(...streamDrops());
    const { user } = await openEditor();
    const body = screen.getByRole('textbox', { name: t('writing:editor.body') });
    const text = body.textContent;
    const before = power();
    await user.click(screen.getByRole('button', { name: t('writing:ai.continue', { cost: 100 }) }));
    expect(await screen.findByText(t('writing:ai.errors.failed'))).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: t('writing:ai.cards') })).toBeNull();
    expect(body.textContent).toBe(text);
    expect(power()).toBe(before);
  });

  it('risky text is refused without a charge (42203); the fifth hit in an hour suspends continuation with the appeal hint', async () => {
    await db.chapters.update((q) => q.where({ id: CHAPTER }), {
      data: (c) => void (c.content = `${c.content}\n他们谈起了${RISKY_WORDS[0]}。`),
    });
    const { user } = await openEditor();
    const before = power();
    const start = () =>
      user.click(screen.getByRole('button', { name: t('writing:ai.continue', { cost: 100 }) }));
    await start();
    expect(await screen.findByText(t('writing:ai.errors.risky'))).toBeInTheDocument();
    for (let hit = 2; hit <= 6 && !screen.queryByText(t('writing:ai.errors.suspended')); hit += 1) {
      await start();
      await waitFor(() =>
        expect(
          screen.queryByText(t('writing:ai.errors.risky')) ??
            screen.queryByText(t('writing:ai.errors.suspended')),
        ).toBeInTheDocument(),
      );
    }
    expect(await screen.findByText(t('writing:ai.errors.suspended'))).toBeInTheDocument();
    expect(power()).toBe(before);
  });

  it('keeps the chosen model and writing length in local storage for the next visit', async () => {
    const first = await openEditor();
    expect(screen.getByLabelText(t('writing:ai.model'))).toHaveValue('v1');
    expect(screen.getByLabelText(t('writing:ai.length'))).toHaveValue('100');
    await first.user.selectOptions(screen.getByLabelText(t('writing:ai.model')), 'v2');
    const longer = within(screen.getByLabelText(t('writing:ai.length')))
      .getAllByRole<HTMLOptionElement>('option')
      .map((o) => o.value)
      .find((v) => v !== '100')!;
    await first.user.selectOptions(screen.getByLabelText(t('writing:ai.length')), longer);
    expect(localStorage.getItem('pro_ai_model')).toContain('v2');
    first.unmount();
    await openEditor();
    expect(screen.getByLabelText(t('writing:ai.model'))).toHaveValue('v2');
    expect(screen.getByLabelText(t('writing:ai.length'))).toHaveValue(longer);
    expect(
      screen.getByRole('button', { name: t('writing:ai.continue', { cost: Number(longer) }) }),
    ).toBeInTheDocument();
  });

  it('with no power, continuation is blocked with a link to buy power', async () => {
    await powerEmpty();
    await openEditor();
    const buy = await screen.findByRole('link', { name: t('writing:ai.buy') });
    expect(buy).toHaveAttribute('href', paths.dashboard.package.getHref());
    expect(
      screen.getByRole('button', { name: t('writing:ai.continue', { cost: 100 }) }),
    ).toBeDisabled();
  });

  it('the lab asks for a selection or an instruction first', async () => {
    const { user } = await openEditor();
    await user.click(await screen.findByRole('button', { name: /免费试用|free trial/ }));
    await ui.toast(t('writing:lab.selectText'));
  });

  it('the lab offers its free trial uses first, then shows its price in power', async () => {
    const first = await openEditor();
    expect(
      await screen.findByRole('button', { name: t('writing:lab.runTrial', { left: 3 }) }),
    ).toBeInTheDocument();
    first.unmount();
    await db.writingUsage.create({ uid: AUTHOR_UID, lab_trial_used: 3, risk_hits: [] });
    await openEditor();
    const priced = new RegExp(`^${t('writing:lab.run', { cost: '\\d+' })}$`);
    expect(await screen.findByRole('button', { name: priced })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /免费试用/ })).toBeNull();
  });

  it('clicking the avatar saves first, then opens the profile', async () => {
    const { title, user, router } = await openEditor();
    await user.type(title, '·');
    const author = db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }));
    await user.click(await screen.findByRole('button', { name: author?.nickname ?? '' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.user.getHref(AUTHOR_UID)),
    );
    expect(chapterRow()?.name).toMatch(/·$/);
    expect(ui.queryDialog(t('writing:editor.leave.title'))).toBeNull();
  });

  it('an access token that expired while writing is refreshed and the save goes through', async () => {
    const { title, user } = await openEditor();
    await tokenExpired();
    await user.type(title, '（续）');
    await afterAutosave();
    await waitFor(() => expect(chapterRow()?.name).toMatch(/（续）$/));
  });

  it('a refused refresh during autosave keeps the editor on view, read-only, and its save goes through after logging in again', async () => {
    const { title, user } = await openEditor();
    // Typed first, then the token expires before the autosave sends it. Expired first, any of
    // the editor's own loads still under way (the world, the lab's quota) could end the session
    // before a key was typed, leaving nothing to save: under load, that happened in CI.
    await user.type(title, '（登录前）');
    await tokenExpired();
    server.use(...refreshFails());
    await afterAutosave();
    // The session ends: the editor stays with its text, read-only under the banner; its save
    // waits for the account instead of failing.
    expect(
      await screen.findByRole('region', { name: t('common:auth.sessionHeldTitle') }),
    ).toBeVisible();
    expect(title).toBeInTheDocument();
    expect(title.closest('[inert]')).not.toBeNull();
    expect((title as HTMLInputElement).value).toMatch(/（登录前）$/);
    expect(chapterRow()?.name).not.toMatch(/（登录前）$/);
    // Kept at each key, in the key's own task (localStorage), meanwhile.
    expect((await loadDrafts(AUTHOR_UID, CHAPTER).then(([d]) => d ?? null))?.name).toMatch(
      /（登录前）$/,
    );

    // Logging in again as the same author: the waiting save is sent with the new token.
    await manual.advance(LOGIN_DIALOG_DELAY_MS);
    await ui.logInWithPhoneIn(await ui.dialog(t('common:auth.loginTitle')), user);
    await waitFor(() => expect(chapterRow()?.name).toMatch(/（登录前）$/));
    expect(title.closest('[inert]')).toBeNull();
    expect(ui.queryDialog(t('writing:editor.draft.title'))).toBeNull();
  });

  it('asks for a chapter when none is named', async () => {
    renderApp('/editor', { preloadedState: await signedInState() });
    expect(await screen.findByText(t('writing:editor.noChapter'))).toBeInTheDocument();
  });

  it('a chapter of a deleted story opened by link says it no longer exists', async () => {
    const story = db.stories
      .findMany((q) => q.where({ uid: AUTHOR_UID }))
      .find((s) => s.deleted_at);
    const chapter = db.chapters.findFirst((q) => q.where({ story_id: story?.id ?? '' }));
    expect(chapter).toBeTruthy();
    renderApp(paths.editor.getHref({ nid: story?.id, cid: chapter?.id }), {
      preloadedState: await signedInState(),
    });
    expect(await screen.findByText(t('writing:editor.errors.missing'))).toBeInTheDocument();
  });

  it("shows the no-permission error for another author's chapter", async () => {
    const other = db.stories.findFirst((q) => q.where({ uid: 'u_sfrie8d4q4' }));
    const chapter = db.chapters.findFirst((q) => q.where({ story_id: other?.id ?? '' }));
    renderApp(paths.editor.getHref({ cid: chapter?.id }), {
      preloadedState: await signedInState(),
    });
    expect(await screen.findByText(t('writing:editor.errors.noPermission'))).toBeInTheDocument();
  });
});

async function userClick(el: HTMLElement) {
  const { default: userEvent } = await import('@testing-library/user-event');
  await userEvent.setup().click(el);
}
