import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { db } from '@mocks/db';
import { NSFW_WORDS, SERVER_LIMITS } from '@mocks/handlers/worlds';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { glossaryEmpty } from '@mocks/scenarios';
import { server } from '@mocks/server';
import { renderApp, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';
import { expectFieldError, fill, myWorlds, openEditor, t } from '@/testing/world-screens';

describe('glossary entries', () => {
  async function openEntryForm(user: UserEvent) {
    await user.click(screen.getByRole('button', { name: t('worlds:glossary.add') }));
    return ui.dialog(t('worlds:entry.newTitle'));
  }

  it('shows the empty glossary with the add button (glossary-empty)', async () => {
    await glossaryEmpty();
    const world = myWorlds()[0]!;
    renderApp(`/dashboard/worlds/${world.id}`, { preloadedState: await signedInState() });
    expect(await screen.findByText(t('worlds:glossary.empty'))).toBeVisible();
    expect(screen.getByRole('button', { name: t('worlds:glossary.add') })).toBeEnabled();
    expect(screen.queryByRole('button', { name: t('common:actions.retry') })).toBeNull();
  });

  it('creates a noun and a character with relationships; character fields only for characters', async () => {
    const world = myWorlds()[0]!;
    const bodies: Record<string, unknown>[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/entries'))
        void request
          .clone()
          .json()
          .then((b) => bodies.push(b as Record<string, unknown>));
    });
    const { user } = await openEditor(world.id);
    let dialog = await openEntryForm(user);
    await user.type(within(dialog).getByLabelText(t('worlds:entry.name')), '青锋剑');
    await user.type(within(dialog).getByLabelText(t('worlds:entry.description')), '一把古剑。');
    await user.click(within(dialog).getByRole('button', { name: t('common:actions.save') }));
    await waitFor(() => expect(ui.queryDialog(t('worlds:entry.newTitle'))).toBeNull());
    expect(await screen.findByText('青锋剑')).toBeVisible();
    expect(bodies[0]).toEqual({ name: '青锋剑', description: '一把古剑。', type: 'normal' });

    dialog = await openEntryForm(user);
    const form = within(dialog);
    await user.click(form.getByRole('radio', { name: t('worlds:entry.types.character') }));
    await user.type(form.getByLabelText(t('worlds:entry.name')), '林月（少年）');
    await user.click(form.getByRole('radio', { name: t('worlds:entry.statuses.dead') }));
    await user.selectOptions(form.getByLabelText(t('worlds:entry.age')), 'youth');
    await user.click(form.getByRole('checkbox', { name: t('worlds:entry.recommended') }));
    await user.type(form.getByLabelText(t('worlds:entry.target')), '找到师父');
    await user.click(form.getByRole('button', { name: t('worlds:entry.addRelationship') }));
    await user.type(form.getByLabelText(t('worlds:entry.relationshipName', { n: 1 })), '白鹤');
    await user.type(
      form.getByLabelText(t('worlds:entry.relationshipTags', { n: 1 })),
      '师徒，挚友',
    );
    await user.click(form.getByRole('button', { name: t('common:actions.save') }));
    await waitFor(() => expect(ui.queryDialog(t('worlds:entry.newTitle'))).toBeNull());
    expect(bodies[1]).toEqual({
      name: '林月（少年）',
      description: '',
      type: 'character',
      character_status: 'dead',
      character_age: 'youth',
      is_recommended: true,
      character_target: '找到师父',
      character_relationships: [{ name: '白鹤', locked: false, relationships: ['师徒', '挚友'] }],
    });
    const saved = db.entries.findFirst((q) => q.where({ name: '林月（少年）' }))!;
    expect(saved).toMatchObject({ universe_id: world.id, character_gender: null });
    server.events.removeAllListeners();
  });

  it('shows every entry rule at its field before sending', async () => {
    const { user } = await openEditor();
    const before = db.entries.all().length;
    const dialog = await openEntryForm(user);
    const form = within(dialog);
    const name = form.getByLabelText(t('worlds:entry.name'));
    const description = form.getByLabelText(t('worlds:entry.description'));
    const save = form.getByRole('button', { name: t('common:actions.save') });
    const check = async (field: HTMLElement, key: string) => {
      await user.click(save);
      expectFieldError(field, t(key));
    };

    await check(name, 'worlds:errors.nameOrDescription');
    fill(name, '   ');
    fill(description, '描述');
    await check(name, 'worlds:errors.nameBlank');
    fill(name, '名'.repeat(21));
    fill(description, '字'.repeat(301));
    await check(name, 'worlds:errors.nameTooLong');
    expectFieldError(description, t('worlds:errors.descriptionTooLong'));
    fill(description, '');

    await user.click(form.getByRole('radio', { name: t('worlds:entry.types.character') }));
    fill(name, '');
    await check(name, 'worlds:errors.nameRequired');
    fill(name, 'Lin_Yue');
    await check(name, 'worlds:errors.nameChars');
    fill(name, '林月');
    const target = form.getByLabelText(t('worlds:entry.target'));
    fill(target, '远'.repeat(31));
    await check(target, 'worlds:errors.targetTooLong');
    fill(target, '');

    await user.click(form.getByRole('button', { name: t('worlds:entry.addRelationship') }));
    const relName = form.getByLabelText(t('worlds:entry.relationshipName', { n: 1 }));
    await check(relName, 'worlds:errors.relationshipNameRequired');
    fill(relName, '林月');
    await check(relName, 'worlds:errors.relationshipSelf');
    fill(relName, '白-鹤');
    await check(relName, 'worlds:errors.relationshipNameChars');
    fill(relName, '白鹤');
    fill(
      form.getByLabelText(t('worlds:entry.relationshipTags', { n: 1 })),
      '一二三四五六七八九十一',
    );
    await check(relName, 'worlds:errors.tagTooLong');
    fill(form.getByLabelText(t('worlds:entry.relationshipTags', { n: 1 })), '师徒');
    await user.click(form.getByRole('button', { name: t('worlds:entry.addRelationship') }));
    fill(form.getByLabelText(t('worlds:entry.relationshipName', { n: 2 })), '白鹤');
    await check(relName, 'worlds:errors.relationshipDuplicate');
    for (let i = 2; i < 9; i++)
      await user.click(form.getByRole('button', { name: t('worlds:entry.addRelationship') }));
    // At most 9 relationships: the tenth cannot be added.
    expect(form.getByRole('button', { name: t('worlds:entry.addRelationship') })).toBeDisabled();
    expect(db.entries.all()).toHaveLength(before);
    expect(name).toHaveValue('林月');
  });

  it("shows the server's description limit at the field, keeping what was typed", async () => {
    const { user } = await openEditor();
    const dialog = await openEntryForm(user);
    const form = within(dialog);
    fill(form.getByLabelText(t('worlds:entry.name')), '古剑');
    const text = '字'.repeat(SERVER_LIMITS.description + 1);
    const description = form.getByLabelText(t('worlds:entry.description'));
    fill(description, text);
    await user.click(form.getByRole('button', { name: t('common:actions.save') }));
    const message = t('worlds:serverLimit.description', { max: 150 });
    expect(message).toContain('150');
    await waitFor(() => expectFieldError(description, message));
    expect(description).toHaveValue(text);
  });

  it('shows the NSFW refusal (40312) of an entry in its form, keeping what was typed', async () => {
    const { user } = await openEditor();
    const before = db.entries.all().length;
    const dialog = await openEntryForm(user);
    const form = within(dialog);
    fill(form.getByLabelText(t('worlds:entry.name')), '古剑');
    const text = `一把${NSFW_WORDS[0]}的古剑。`;
    const description = form.getByLabelText(t('worlds:entry.description'));
    fill(description, text);
    await user.click(form.getByRole('button', { name: t('common:actions.save') }));
    expect(await within(dialog).findByText(t('errors:code.40312'))).toBeVisible();
    expect(description).toHaveValue(text);
    expect(db.entries.all()).toHaveLength(before);
  });

  it('asks before a half-written entry closes: 继续编辑 keeps it, 放弃 drops it', async () => {
    const { user } = await openEditor();
    let dialog = await openEntryForm(user);
    const name = within(dialog).getByLabelText(t('worlds:entry.name'));
    await user.type(name, '青锋');
    await user.keyboard('{Escape}');
    const ask = within(await ui.dialog(t('common:unsaved.title')));
    expect(ask.getByRole('button', { name: t('common:unsaved.keep') })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(ui.queryDialog(t('common:unsaved.title'))).toBeNull());
    expect(name).toHaveValue('青锋');
    expect(name).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: t('common:actions.cancel') }));
    await user.click(
      within(await ui.dialog(t('common:unsaved.title'))).getByRole('button', {
        name: t('common:unsaved.discard'),
      }),
    );
    await waitFor(() => expect(ui.queryDialog(t('worlds:entry.newTitle'))).toBeNull());
    // Thrown away: no copy is kept, and the form opens empty.
    expect(Object.keys(localStorage).filter((k) => k.startsWith('texts:entry:'))).toEqual([]);
    dialog = await openEntryForm(user);
    expect(within(dialog).getByLabelText(t('worlds:entry.name'))).toHaveValue('');

    // Nothing typed: Esc closes at once.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(ui.queryDialog(t('worlds:entry.newTitle'))).toBeNull());
    expect(ui.queryDialog(t('common:unsaved.title'))).toBeNull();
  });

  it("a half-made character's choices and relationship rows come back after a reload, and are saved", async () => {
    const world = myWorlds()[0]!;
    const first = await openEditor(world.id);
    const form = within(await openEntryForm(first.user));
    await first.user.click(form.getByRole('radio', { name: t('worlds:entry.types.character') }));
    await first.user.type(form.getByLabelText(t('worlds:entry.name')), '林月');
    await first.user.click(form.getByRole('radio', { name: t('worlds:entry.statuses.dead') }));
    await first.user.click(form.getByRole('button', { name: t('worlds:entry.addRelationship') }));
    await first.user.type(
      form.getByLabelText(t('worlds:entry.relationshipName', { n: 1 })),
      '白鹤',
    );
    await first.user.type(
      form.getByLabelText(t('worlds:entry.relationshipTags', { n: 1 })),
      '师徒，挚友',
    );
    await first.user.click(form.getByRole('checkbox', { name: t('worlds:entry.locked') }));
    // The page goes (a reload): what it kept is all there is.
    first.unmount();

    const { user } = await openEditor(world.id);
    const again = within(await openEntryForm(user));
    // Put back as the dialog opens (the kept copies are read once it is on screen).
    expect(await again.findByLabelText(t('worlds:entry.relationshipName', { n: 1 }))).toHaveValue(
      '白鹤',
    );
    expect(again.getByRole('radio', { name: t('worlds:entry.types.character') })).toBeChecked();
    expect(again.getByLabelText(t('worlds:entry.name'))).toHaveValue('林月');
    expect(again.getByRole('radio', { name: t('worlds:entry.statuses.dead') })).toBeChecked();
    expect(again.getByLabelText(t('worlds:entry.relationshipTags', { n: 1 }))).toHaveValue(
      '师徒，挚友',
    );
    expect(again.getByRole('checkbox', { name: t('worlds:entry.locked') })).toBeChecked();
    // A second row, then the first removed: the one left is the second, as typed.
    await user.click(again.getByRole('button', { name: t('worlds:entry.addRelationship') }));
    await user.type(again.getByLabelText(t('worlds:entry.relationshipName', { n: 2 })), '青衣');
    await user.click(
      again.getByRole('button', { name: t('worlds:entry.removeRelationship', { n: 1 }) }),
    );
    expect(again.getByLabelText(t('worlds:entry.relationshipName', { n: 1 }))).toHaveValue('青衣');
    await user.click(again.getByRole('button', { name: t('common:actions.save') }));
    await waitFor(() => expect(ui.queryDialog(t('worlds:entry.newTitle'))).toBeNull());
    const saved = db.entries.findFirst((q) => q.where({ name: '林月' }))!;
    expect(saved).toMatchObject({
      type: 'character',
      character_status: 'dead',
      character_relationships: [{ name: '青衣', locked: false, relationships: [] }],
    });
    // Saved: nothing is kept, and the next new entry starts empty.
    expect(Object.keys(localStorage).filter((k) => k.startsWith('texts:entry:'))).toEqual([]);
  });

  it('edits and deletes an entry', async () => {
    const world = myWorlds()[0]!;
    const own = db.entries.all().filter((e) => e.universe_id === world.id);
    const entry = own.find((e) => own.filter((x) => x.name === e.name).length === 1)!;
    const { user } = await openEditor(world.id);
    await user.click(
      screen.getByRole('button', { name: t('worlds:glossary.edit', { name: entry.name }) }),
    );
    const dialog = await ui.dialog(t('worlds:entry.editTitle', { name: entry.name }));
    const description = within(dialog).getByLabelText(t('worlds:entry.description'));
    fill(description, '改过的描述。');
    await user.click(within(dialog).getByRole('button', { name: t('common:actions.save') }));
    expect(await screen.findByText('改过的描述。')).toBeVisible();
    expect(db.entries.findFirst((q) => q.where({ id: entry.id }))?.description).toBe(
      '改过的描述。',
    );

    await user.click(
      screen.getByRole('button', { name: t('worlds:glossary.delete', { name: entry.name }) }),
    );
    const confirm = await ui.dialog(t('worlds:glossary.deleteTitle', { name: entry.name }));
    await user.click(within(confirm).getByRole('button', { name: t('worlds:delete.confirm') }));
    await waitFor(() => expect(screen.queryByText('改过的描述。')).toBeNull());
    expect(db.entries.findFirst((q) => q.where({ id: entry.id }))).toBeUndefined();
  });

  it('an entry saved elsewhere while its dialog is open: both descriptions are compared, keep both saves both', async () => {
    const world = myWorlds()[0]!;
    const own = db.entries.all().filter((e) => e.universe_id === world.id);
    const entry = own.find((e) => own.filter((x) => x.name === e.name).length === 1)!;
    const { user } = await openEditor(world.id);
    await user.click(
      screen.getByRole('button', { name: t('worlds:glossary.edit', { name: entry.name }) }),
    );
    const dialog = await ui.dialog(t('worlds:entry.editTitle', { name: entry.name }));
    await db.entries.update((q) => q.where({ id: entry.id }), {
      data: (e) => {
        e.description = `${entry.description}另一个标签页写的。`;
        e.updated_at += 1;
      },
    });
    fill(
      within(dialog).getByLabelText(t('worlds:entry.description')),
      `${entry.description}这里写的。`,
    );
    await user.click(within(dialog).getByRole('button', { name: t('common:actions.save') }));
    const compare = await ui.dialog(t('common:conflict.title'));
    await user.click(within(compare).getByRole('button', { name: t('common:conflict.keepBoth') }));
    await waitFor(() =>
      expect(db.entries.findFirst((q) => q.where({ id: entry.id }))?.description).toContain(
        '这里写的。',
      ),
    );
    const saved = db.entries.findFirst((q) => q.where({ id: entry.id }))!.description;
    expect(saved).toContain('另一个标签页写的。');
    expect(saved.split(entry.description)).toHaveLength(2);
    await waitFor(() =>
      expect(ui.queryDialog(t('worlds:entry.editTitle', { name: entry.name }))).toBeNull(),
    );
  });

  it('filters by type and searches by name', async () => {
    const world = myWorlds()[0]!;
    const entries = db.entries.all().filter((e) => e.universe_id === world.id);
    const { user } = await openEditor(world.id);
    await user.selectOptions(screen.getByLabelText(t('worlds:glossary.type')), 'character');
    const characters = entries.filter((e) => e.type === 'character');
    await waitFor(() =>
      expect(
        screen.getByRole('list', { name: t('worlds:glossary.list', { total: characters.length }) }),
      ).toBeVisible(),
    );
    const target = characters[0]!;
    const search = screen.getByLabelText(t('worlds:glossary.search'));
    await user.type(search, target.name);
    // The header has a search button of its own: the glossary's is the one in its form.
    const glossaryForm = search.closest('form');
    if (!glossaryForm) throw new Error('the glossary search has no form');
    await user.click(
      within(glossaryForm).getByRole('button', { name: t('worlds:glossary.searchSubmit') }),
    );
    const list = await screen.findByRole('list', { name: t('worlds:glossary.list', { total: 1 }) });
    expect(within(list).getByText(target.name)).toBeVisible();
  });

  it('orders the glossary as chosen: order_by goes with the list call', async () => {
    const sent: Array<string | null> = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (/\/api\/v1\/universes\/[^/]+\/entries$/.test(url.pathname))
        sent.push(url.searchParams.get('order_by'));
    });
    const { user } = await openEditor();
    await user.selectOptions(screen.getByLabelText(t('worlds:glossary.order')), 'created_at');
    await waitFor(() => expect(sent.at(-1)).toBe('created_at'));
    expect(sent[0]).toBe('updated_at');
  });
});

describe('/universe/{shareid}', () => {
  async function shared(status: 'square' | 'private' | 'banned' = 'square', deleted = false) {
    const world = myWorlds()[0]!;
    await db.worlds.update((q) => q.where({ id: world.id }), {
      data: (w) => void Object.assign(w, { share_status: status, deleted }),
    });
    await db.entries.update((q) => q.where({ universe_id: world.id, type: 'character' }), {
      data: (e) => void (e.is_recommended = true),
    });
    return world;
  }

  it('shows background and recommended characters to anonymous visitors, without copy', async () => {
    const world = await shared();
    renderApp(`/universe/${world.share_id}`);
    expect(await screen.findByRole('heading', { name: world.title })).toBeVisible();
    expect(screen.getByText(world.background)).toBeVisible();
    const character = db.entries
      .all()
      .find((e) => e.universe_id === world.id && e.type === 'character')!;
    expect(screen.getByRole('heading', { name: character.name })).toBeVisible();
    expect(screen.queryByRole('button', { name: t('worlds:public.copy') })).toBeNull();
  });

  it.each([
    ['private', false, 'worlds:errors.sharePrivate'],
    ['banned', false, 'worlds:errors.shareBanned'],
    ['square', true, 'worlds:errors.shareGone'],
  ] as const)(
    'says why a %s (deleted: %s) world cannot be viewed',
    async (status, deleted, key) => {
      const world = await shared(status, deleted);
      renderApp(`/universe/${world.share_id}`);
      expect(await screen.findByRole('heading', { name: t(key) })).toBeVisible();
      expect(screen.getByRole('link', { name: t('common:publicShare.toSquare') })).toHaveAttribute(
        'href',
        paths.dashboard.square.getHref(),
      );
    },
  );

  it('tells a logged-in visitor when the copy is refused', async () => {
    const source = db.worlds
      .all()
      .find((w) => w.uid !== AUTHOR_UID && w.share_status === 'square')!;
    const { user } = renderApp(`/universe/${source.share_id}`, {
      preloadedState: await signedInState(),
    });
    const copy = await screen.findByRole('button', { name: t('worlds:public.copy') });
    // The author makes it private while the page is open.
    await db.worlds.update((q) => q.where({ id: source.id }), {
      data: (w) => void (w.share_status = 'private'),
    });
    await user.click(copy);
    await ui.toast(t('worlds:errors.shareMissing'));
  });

  it('lets a logged-in visitor copy the world', async () => {
    const source = db.worlds
      .all()
      .find((w) => w.uid !== AUTHOR_UID && w.share_status === 'square')!;
    const { user, router } = renderApp(`/universe/${source.share_id}`, {
      preloadedState: await signedInState(),
    });
    await user.click(await screen.findByRole('button', { name: t('worlds:public.copy') }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/dashboard\/worlds\/w_/));
    expect(myWorlds().some((w) => w.title === source.title)).toBe(true);
  });
});
