import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '@mocks/db';
import { RISK_WORDS, SENSITIVE_WORDS, SERVER_LIMITS } from '@mocks/handlers/worlds';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { worldsEmpty, worldsListFails, worldsMany } from '@mocks/scenarios';
import { server } from '@mocks/server';
import { renderApp, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';
import {
  addWord,
  expectFieldError,
  fill,
  myWorlds,
  openEditor,
  openWorlds,
  t,
} from '@/testing/world-screens';

describe('/dashboard/worlds', () => {
  it('lists my worlds with their share status', async () => {
    await openWorlds();
    for (const w of myWorlds()) expect(screen.getByRole('link', { name: w.title })).toBeVisible();
    const first = myWorlds()[0]!;
    expect(
      screen.getByRole('combobox', { name: t('worlds:share.label', { title: first.title }) }),
    ).toHaveValue(first.share_status);
  });

  it('loads 20 worlds a page and more on demand, then says it reached the end', async () => {
    await worldsMany();
    const { user } = await openWorlds();
    const list = () => screen.getByRole('list', { name: t('worlds:list.label') });
    // jsdom has no layout: the list box counts as scrolled to its end, so the second page
    // comes on its own, once (the hook re-arms only when the content height changes).
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(40));
    await user.click(screen.getByRole('button', { name: t('worlds:list.more') }));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(45));
    expect(screen.getByText(t('common:list.end'))).toBeVisible();
    expect(screen.queryByRole('button', { name: t('worlds:list.more') })).toBeNull();
  });

  it('shows the empty state', async () => {
    await worldsEmpty();
    renderApp('/dashboard/worlds', { preloadedState: await signedInState() });
    expect(await screen.findByText(t('worlds:list.empty'))).toBeVisible();
  });

  it('shows a retry block when the list fails, and loads on retry', async () => {
    server.use(...worldsListFails());
    const { user } = renderApp('/dashboard/worlds', { preloadedState: await signedInState() });
    const retry = await screen.findByRole('button', { name: t('common:actions.retry') });
    server.resetHandlers();
    await user.click(retry);
    expect(await screen.findByRole('link', { name: myWorlds()[0]!.title })).toBeVisible();
  });

  it('does not ask for the list without a user', async () => {
    renderApp('/dashboard/worlds');
    expect(await screen.findByText(t('common:auth.loginRequiredTitle'))).toBeVisible();
    expect(screen.queryByRole('list', { name: t('worlds:list.label') })).toBeNull();
  });

  it('creates a world with forbidden words and opens its editor', async () => {
    const { user, router } = await openWorlds();
    await user.click(screen.getByRole('button', { name: t('worlds:list.create') }));
    const dialog = await ui.dialog(t('worlds:create.title'));
    const form = within(dialog);
    await user.type(form.getByLabelText(t('worlds:fields.title')), '星海');
    await user.type(form.getByLabelText(t('worlds:fields.background')), '群星之间的海。');
    await addWord(user, dialog, '手机');
    await addWord(user, dialog, '电脑');
    await user.click(form.getByRole('button', { name: t('worlds:create.submit') }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/dashboard\/worlds\/w_/));
    expect(await screen.findByRole('heading', { level: 1, name: '星海' })).toBeVisible();
    const created = myWorlds().find((w) => w.title === '星海')!;
    expect(created.forbidden_words.map((f) => f.word)).toEqual(['手机', '电脑']);
  });

  async function openCreate() {
    const { user, unmount } = await openWorlds();
    await user.click(screen.getByRole('button', { name: t('worlds:list.create') }));
    const dialog = await ui.dialog(t('worlds:create.title'));
    const form = within(dialog);
    return {
      user,
      unmount,
      dialog,
      title: form.getByLabelText(t('worlds:fields.title')),
      background: form.getByLabelText(t('worlds:fields.background')),
      word: form.getByLabelText(t('worlds:words.label')),
      submit: form.getByRole('button', { name: t('worlds:create.submit') }),
      addButton: form.getByRole('button', { name: t('worlds:words.add') }),
      removeButton: (w: string) =>
        form.getByRole('button', { name: t('worlds:words.remove', { word: w }) }),
    };
  }

  it('keeps a half-written new world: Esc asks, 继续编辑 keeps it, and it is back after a remount', async () => {
    const { user, dialog, title, background, word, unmount } = await openCreate();
    await user.type(title, '未完的世界');
    fill(background, '写了一半的背景');
    await addWord(user, dialog, '禁词');
    await user.type(word, '半个');
    await user.keyboard('{Escape}');
    await ui.dialog(t('common:unsaved.title'));
    await user.click(screen.getByRole('button', { name: t('common:unsaved.keep') }));
    await waitFor(() => expect(ui.queryDialog(t('common:unsaved.title'))).toBeNull());
    expect(title).toHaveValue('未完的世界');
    expect(word).toHaveValue('半个');
    expect(word).toHaveFocus();

    // Gone without a choice (as a reload or a crash would take it): the text comes back.
    unmount();
    const again = await openCreate();
    await waitFor(() => expect(again.title).toHaveValue('未完的世界'));
    expect(again.background).toHaveValue('写了一半的背景');
    expect(within(again.dialog).getByText('禁词')).toBeVisible();
    expect(again.word).toHaveValue('半个');
  });

  it('放弃 closes a half-written new world and drops its text: it opens empty', async () => {
    const { user, dialog, title } = await openCreate();
    await user.type(title, '不要了');
    await user.click(within(dialog).getByRole('button', { name: t('common:actions.cancel') }));
    await ui.dialog(t('common:unsaved.title'));
    await user.click(screen.getByRole('button', { name: t('common:unsaved.discard') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: t('worlds:list.create') }));
    const reopened = within(await ui.dialog(t('worlds:create.title')));
    expect(reopened.getByLabelText(t('worlds:fields.title'))).toHaveValue('');
  });

  it('checks the title and background before sending, and keeps what was typed', async () => {
    const before = db.worlds.all().length;
    const { user, title, background, submit } = await openCreate();

    await user.click(submit);
    expectFieldError(title, t('worlds:errors.titleRequired'));

    fill(title, '长'.repeat(21));
    fill(background, '字'.repeat(3001));
    await user.click(submit);
    expectFieldError(title, t('worlds:errors.titleTooLong'));
    expectFieldError(background, t('worlds:errors.backgroundTooLong'));
    expect(db.worlds.all()).toHaveLength(before);
    expect(title).toHaveValue('长'.repeat(21));
    expect(background).toHaveValue('字'.repeat(3001));
  });

  it('checks every forbidden word before sending, and keeps what was typed', async () => {
    const before = db.worlds.all().length;
    const { user, dialog, title, background, word, submit, addButton, removeButton } =
      await openCreate();

    // Typing stops at 10 characters; a longer word that arrives whole is refused on adding.
    await user.type(word, '一二三四五六七八九十一');
    expect(word).toHaveValue('一二三四五六七八九十');
    expectFieldError(word, t('common:maxLength.typing', { max: 10 }));
    fill(word, '一二三四五六七八九十一');
    await user.click(addButton);
    expectFieldError(word, t('worlds:errors.wordTooLong'));
    await addWord(user, dialog, '  ');
    expectFieldError(word, t('worlds:errors.wordRequired'));
    await addWord(user, dialog, 'Phone');
    await addWord(user, dialog, 'phone');
    expectFieldError(word, t('worlds:errors.wordDuplicate'));
    for (let i = 1; i < 20; i++) await addWord(user, dialog, `词${i}`);
    await addWord(user, dialog, '多余');
    expectFieldError(word, t('worlds:errors.wordsFull'));
    fill(title, '星海');
    fill(background, '');
    await user.click(submit);
    expectFieldError(word, t('worlds:errors.wordsFull'));
    await user.click(removeButton('词1'));
    await user.click(submit);
    expectFieldError(word, t('worlds:errors.wordNotAdded'));
    expect(db.worlds.all()).toHaveLength(before);
    expect(title).toHaveValue('星海');
    expect(word).toHaveValue('多余');
  });

  it('stops typing at the title limit and trims a long paste, the counter staying at 20', async () => {
    const { user } = await openWorlds();
    await user.click(screen.getByRole('button', { name: t('worlds:list.create') }));
    const form = within(await ui.dialog(t('worlds:create.title')));
    const title = form.getByLabelText(t('worlds:fields.title'));
    await user.type(title, '星'.repeat(23));
    expect(title).toHaveValue('星'.repeat(20));
    expect(form.getByText(t('worlds:count', { used: 20, limit: 20 }))).toBeInTheDocument();
    expectFieldError(title, t('common:maxLength.typing', { max: 20 }));

    await user.clear(title);
    await user.type(title, '海');
    await user.paste('云'.repeat(30));
    expect(title).toHaveValue(`海${'云'.repeat(19)}`);
    expectFieldError(title, t('common:maxLength.pasteTrimmed', { max: 20 }));
    expect(form.getByText(t('worlds:count', { used: 20, limit: 20 }))).toBeInTheDocument();
  });

  it("shows the server's background limit at the field and keeps the text", async () => {
    const { user } = await openWorlds();
    await user.click(screen.getByRole('button', { name: t('worlds:list.create') }));
    const dialog = await ui.dialog(t('worlds:create.title'));
    const form = within(dialog);
    fill(form.getByLabelText(t('worlds:fields.title')), '星海');
    const long = '字'.repeat(SERVER_LIMITS.background + 1);
    const background = form.getByLabelText(t('worlds:fields.background'));
    fill(background, long);
    await user.click(form.getByRole('button', { name: t('worlds:create.submit') }));
    // Names the server's limit (300), not only "length invalid".
    const message = t('worlds:serverLimit.background', { max: 300 });
    expect(message).toContain('300');
    await waitFor(() => expectFieldError(background, message));
    expect(background).toHaveValue(long);
  });

  it('shows risky (42203) and sensitive (42221) refusals in the dialog, keeping what was typed', async () => {
    const { user } = await openWorlds();
    const before = db.worlds.all().length;
    await user.click(screen.getByRole('button', { name: t('worlds:list.create') }));
    const dialog = await ui.dialog(t('worlds:create.title'));
    const form = within(dialog);
    const title = form.getByLabelText(t('worlds:fields.title'));
    const background = form.getByLabelText(t('worlds:fields.background'));
    const submit = form.getByRole('button', { name: t('worlds:create.submit') });

    fill(title, `星海${RISK_WORDS[0]}`);
    await user.click(submit);
    expect(await within(dialog).findByText(t('errors:code.42203'))).toBeVisible();
    fill(title, '星海');
    const sensitive = `大泽之上，${SENSITIVE_WORDS[0]}。`;
    fill(background, sensitive);
    await user.click(submit);
    expect(await within(dialog).findByText(t('errors:code.42221'))).toBeVisible();
    expect(title).toHaveValue('星海');
    expect(background).toHaveValue(sensitive);
    expect(db.worlds.all()).toHaveLength(before);
  });

  it('copies a shared world from its share link, sending only the share id', async () => {
    const source = db.worlds
      .all()
      .find((w) => w.uid !== AUTHOR_UID && w.share_status === 'square')!;
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/api/v1/universes'))
        void request
          .clone()
          .json()
          .then((b) => bodies.push(b));
    });
    const { user, router } = await openWorlds();
    await user.click(screen.getByRole('button', { name: t('worlds:list.copy') }));
    const dialog = await ui.dialog(t('worlds:copy.title'));
    const input = within(dialog).getByLabelText(t('worlds:copy.label'));
    const submit = within(dialog).getByRole('button', { name: t('worlds:copy.submit') });
    await user.click(submit);
    expectFieldError(input, t('worlds:errors.shareIdRequired'));
    await user.type(input, 's_missing');
    await user.click(submit);
    await waitFor(() => expectFieldError(input, t('worlds:errors.shareMissing')));
    await user.clear(input);
    await user.type(input, `https://inkworld.test/universe/${source.share_id}`);
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/dashboard\/worlds\/w_/));
    expect(await screen.findByRole('heading', { level: 1, name: source.title })).toBeVisible();
    expect(bodies.at(-1)).toEqual({ share_id: source.share_id });
    server.events.removeAllListeners();
  });

  it('deletes several worlds at once', async () => {
    const { user } = await openWorlds();
    const [a, b, c] = myWorlds();
    await user.click(screen.getByRole('button', { name: t('worlds:list.selectMode') }));
    await user.click(
      screen.getByRole('checkbox', { name: t('worlds:list.select', { title: a!.title }) }),
    );
    await user.click(
      screen.getByRole('checkbox', { name: t('worlds:list.select', { title: b!.title }) }),
    );
    await user.click(
      screen.getByRole('button', { name: t('worlds:list.deleteSelected', { count: 2 }) }),
    );
    const dialog = await ui.dialog(t('worlds:delete.title', { count: 2 }));
    await user.click(within(dialog).getByRole('button', { name: t('worlds:delete.confirm') }));
    await waitFor(() => expect(screen.queryByRole('link', { name: a!.title })).toBeNull());
    expect(screen.queryByRole('link', { name: b!.title })).toBeNull();
    expect(screen.getByRole('link', { name: c!.title })).toBeVisible();
    expect(myWorlds().map((w) => w.id)).toEqual([c!.id]);
  });

  it('changes the share status; a banned world shows banned', async () => {
    const [first, second] = myWorlds();
    await db.worlds.update((q) => q.where({ id: second!.id }), {
      data: (w) => void (w.share_status = 'banned'),
    });
    const { user } = await openWorlds();
    const select = screen.getByRole('combobox', {
      name: t('worlds:share.label', { title: first!.title }),
    });
    await user.selectOptions(select, 'private');
    await waitFor(() =>
      expect(db.worlds.findFirst((q) => q.where({ id: first!.id }))?.share_status).toBe('private'),
    );
    expect(screen.getByText(t('worlds:share.banned'))).toBeVisible();
    expect(
      screen.queryByRole('combobox', { name: t('worlds:share.label', { title: second!.title }) }),
    ).toBeNull();
  });
});

describe('/dashboard/worlds/{unid}', () => {
  it('saves the world info; a bad title is refused at the field', async () => {
    const world = myWorlds()[0]!;
    const { user } = await openEditor(world.id);
    const title = screen.getByLabelText(t('worlds:fields.title'));
    const save = screen.getByRole('button', { name: t('worlds:editor.saveInfo') });
    fill(title, '');
    await user.click(save);
    expectFieldError(title, t('worlds:errors.titleRequired'));
    fill(title, '新的名字');
    fill(screen.getByLabelText(t('worlds:fields.background')), '新的背景。');
    await user.click(save);
    await ui.toast(t('worlds:editor.saved'));
    const saved = db.worlds.findFirst((q) => q.where({ id: world.id }))!;
    expect(saved).toMatchObject({ title: '新的名字', background: '新的背景。' });
  });

  it('a world saved elsewhere meanwhile: a different field is merged in; the same field is compared, keep both saves both', async () => {
    const world = myWorlds()[0]!;
    const { user } = await openEditor(world.id);
    const background = screen.getByLabelText(t('worlds:fields.background'));
    const save = screen.getByRole('button', { name: t('worlds:editor.saveInfo') });
    /** Another tab saves (the server moves the version on, as its own save would). */
    const savedElsewhere = (change: { title?: string; background?: string }) =>
      db.worlds.update((q) => q.where({ id: world.id }), {
        data: (w) => {
          Object.assign(w, change);
          w.updated_at += 1;
        },
      });
    const row = () => db.worlds.findFirst((q) => q.where({ id: world.id }))!;

    // The other tab renamed the world, this one wrote the background: both are kept.
    await savedElsewhere({ title: '别处改的名字' });
    fill(background, `${world.background}这里加的一句。`);
    await user.click(save);
    await ui.toast(t('worlds:editor.saved'));
    expect(row()).toMatchObject({
      title: '别处改的名字',
      background: `${world.background}这里加的一句。`,
    });
    expect(screen.getByLabelText(t('worlds:fields.title'))).toHaveValue('别处改的名字');

    // Both wrote the background: the two versions are shown, nothing is saved until chosen.
    const base = row().background;
    await savedElsewhere({ background: `${base}另一个标签页的一句。` });
    fill(background, `${base}这个标签页的一句。`);
    await user.click(save);
    const dialog = await ui.dialog(t('common:conflict.title'));
    expect(row().background).toBe(`${base}另一个标签页的一句。`);
    expect(
      within(dialog).getByRole('button', { name: t('common:conflict.keepBoth') }),
    ).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: t('common:conflict.keepBoth') }));
    await waitFor(() => expect(row().background).toContain('这个标签页的一句。'));
    const merged = row().background;
    expect(merged).toContain('另一个标签页的一句。');
    // What both share is written once.
    expect(merged.split(base)).toHaveLength(2);
    expect(background).toHaveValue(merged);
  });

  it('gives the author of a link-only world its public link and share code to copy', async () => {
    const world = myWorlds()[0]!;
    await db.worlds.update((q) => q.where({ id: world.id }), {
      data: (w) => void (w.share_status = 'link'),
    });
    const { user } = await openEditor(world.id);
    const open = screen.getByRole('link', { name: t('common:publicLink.open') });
    expect(open).toHaveAttribute('href', `/universe/${world.share_id}`);
    expect(screen.getByText(world.share_id)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t('common:publicLink.copyLink') }));
    await ui.toast(t('common:publicLink.linkCopied'));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/universe/${world.share_id}`,
    );
    await user.click(screen.getByRole('button', { name: t('common:publicLink.copyCode') }));
    await ui.toast(t('common:publicLink.codeCopied'));
    await expect(navigator.clipboard.readText()).resolves.toBe(world.share_id);

    // Private: nobody can open it by link, so there is nothing to hand on.
    await user.selectOptions(
      screen.getByRole('combobox', { name: t('worlds:share.label', { title: world.title }) }),
      'private',
    );
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: t('common:publicLink.open') })).toBeNull(),
    );
  });

  it('offers the cover upload, and the entry image once an entry exists', async () => {
    const { user } = await openEditor();
    expect(screen.getByText(t('worlds:fields.cover'))).toBeVisible();
    expect(screen.getByRole('button', { name: t('media:field.upload') })).toBeVisible();
    await user.click(screen.getByRole('button', { name: t('worlds:glossary.add') }));
    const fresh = await ui.dialog(t('worlds:entry.newTitle'));
    expect(within(fresh).getByText(t('worlds:entry.imageAfterSave'))).toBeVisible();
    await user.click(within(fresh).getByRole('button', { name: t('common:actions.cancel') }));
    await user.click(
      screen.getAllByRole('button', { name: new RegExp(`^${t('worlds:glossary.editShort')}`) })[0]!,
    );
    const editing = await ui.dialog();
    expect(within(editing).getByText(t('worlds:entry.image'))).toBeVisible();
  });

  it('says when the world does not exist', async () => {
    renderApp('/dashboard/worlds/w_missing', { preloadedState: await signedInState() });
    expect(await screen.findByText(t('worlds:errors.worldMissing'))).toBeVisible();
  });

  it('adds and removes forbidden words, refusing a duplicate', async () => {
    const world = myWorlds()[0]!;
    const { user } = await openEditor(world.id);
    const panel = screen.getByRole('region', { name: t('worlds:words.title') });
    await addWord(user, panel, '飞船');
    await within(panel).findByText('飞船');
    await addWord(user, panel, world.forbidden_words[0]!.word);
    expectFieldError(
      within(panel).getByLabelText(t('worlds:words.label')),
      t('worlds:errors.wordDuplicate'),
    );
    await user.clear(within(panel).getByLabelText(t('worlds:words.label')));
    await user.click(
      within(panel).getByRole('button', { name: t('worlds:words.remove', { word: '飞船' }) }),
    );
    await waitFor(() => expect(within(panel).queryByText('飞船')).toBeNull());
  });

  it('keeps a forbidden word typed but not added over a remount, until it is added', async () => {
    const world = myWorlds()[0]!;
    const region = () => screen.getByRole('region', { name: t('worlds:words.title') });
    const input = () => within(region()).getByLabelText(t('worlds:words.label'));
    const first = await openEditor(world.id);
    await first.user.type(input(), '星舰');
    first.unmount();

    const { user, unmount } = await openEditor(world.id);
    await waitFor(() => expect(input()).toHaveValue('星舰'));
    await user.click(within(region()).getByRole('button', { name: t('worlds:words.add') }));
    await within(region()).findByText('星舰');
    expect(input()).toHaveValue('');
    expect(Object.keys(localStorage).filter((k) => k.startsWith('texts:forbidden:'))).toEqual([]);
    unmount();
    await openEditor(world.id);
    expect(input()).toHaveValue('');
  });

  it('asks before leaving with unsaved changes, and stays or leaves', async () => {
    const { user, router } = await openEditor();
    await user.type(screen.getByLabelText(t('worlds:fields.title')), '改');
    // Closing or reloading the tab asks the browser to confirm.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('link', { name: t('worlds:editor.back') }));
    let dialog = await ui.dialog(t('worlds:unsaved.title'));
    await user.click(within(dialog).getByRole('button', { name: t('worlds:unsaved.stay') }));
    expect(router.state.location.pathname).toMatch(/^\/dashboard\/worlds\/w_/);
    expect(screen.getByLabelText(t('worlds:fields.title'))).toHaveValue(
      `${myWorlds()[0]!.title}改`,
    );
    await user.click(screen.getByRole('link', { name: t('worlds:editor.back') }));
    dialog = await ui.dialog(t('worlds:unsaved.title'));
    await user.click(within(dialog).getByRole('button', { name: t('worlds:unsaved.leave') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/worlds'));
  });

  it('leaves without asking when nothing is unsaved', async () => {
    const { user, router } = await openEditor();
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    await user.click(screen.getByRole('link', { name: t('worlds:editor.back') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/worlds'));
    expect(ui.queryDialog(t('worlds:unsaved.title'))).toBeNull();
  });
});
