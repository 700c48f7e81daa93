import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { server } from '@mocks/server';
import { storiesListFails } from '@mocks/scenarios/stories';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { renderApp, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const s = (key: string, options?: Record<string, unknown>) => t(`stories:${key}`, options);

const liveStories = () =>
  db.stories
    .all()
    .filter((x) => x.uid === AUTHOR_UID && x.deleted_at === 0)
    .sort((a, b) => b.updated_at - a.updated_at);
/** A live story of the author whose title no other live story shares (the seed repeats titles). */
const uniqueStory = () => {
  const live = liveStories();
  return live.find((x) => live.filter((y) => y.title === x.title).length === 1)!;
};
const trashed = () => db.stories.all().find((x) => x.uid === AUTHOR_UID && x.deleted_at > 0)!;
const chaptersOf = (id: string) =>
  db.chapters
    .all()
    .filter((c) => c.story_id === id)
    .sort((a, b) => a.order - b.order);
const LONG =
  '雨落了一整夜，她推开那扇斑驳的木门，一只白鹤掠过屋檐，落在了井边。天亮之前，我们必须离开这里。';

async function signedInApp(path: string) {
  return renderApp(path, { preloadedState: await signedInState() });
}

describe('/dashboard/novels', () => {
  it('lists my stories with chapters, words, status and world', async () => {
    await signedInApp(paths.dashboard.novels.getHref());
    const list = await screen.findByRole('list', { name: s('list.heading') });
    const first = uniqueStory();
    expect(within(list).getAllByRole('listitem')).toHaveLength(liveStories().length);
    const row = within(list).getByRole('link', { name: first.title }).closest('li')!;
    expect(row).toHaveTextContent(s('list.chapters', { count: chaptersOf(first.id).length }));
    expect(row).toHaveTextContent(s(`share.status.${first.share_status}`));
  });

  it('creates a story: a blank title is refused at the field and nothing is sent', async () => {
    const { user } = await signedInApp(paths.dashboard.novels.getHref());
    await screen.findByRole('list', { name: s('list.heading') });
    const before = db.stories.all().length;
    const [createButton] = screen.getAllByRole('button', { name: s('list.create') });
    await user.click(createButton!);
    const dialog = await ui.dialog(s('list.createHeading'));
    const input = within(dialog).getByLabelText(s('list.titleLabel'));
    await user.click(within(dialog).getByRole('button', { name: s('list.createSubmit') }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(s('list.title.required'));
    expect(db.stories.all()).toHaveLength(before);

    await user.type(input, '雪夜行');
    await user.click(within(dialog).getByRole('button', { name: s('list.createSubmit') }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: '雪夜行' })).toBeInTheDocument();
    expect(db.stories.all().some((x) => x.title === '雪夜行' && x.uid === AUTHOR_UID)).toBe(true);
  });

  it('renames a story', async () => {
    const { user } = await signedInApp(paths.dashboard.novels.getHref());
    const first = uniqueStory();
    await user.click(
      await screen.findByRole('button', { name: s('list.renameOf', { title: first.title }) }),
    );
    const dialog = await ui.dialog(s('list.renameHeading'));
    const input = within(dialog).getByLabelText(s('list.titleLabel'));
    await user.clear(input);
    await user.type(input, '新名字');
    await user.click(within(dialog).getByRole('button', { name: t('common:actions.save') }));
    expect(await screen.findByRole('link', { name: '新名字' })).toBeInTheDocument();
    expect(db.stories.findFirst((q) => q.where({ id: first.id }))?.title).toBe('新名字');
  });

  it('deletes a story into the recycle bin', async () => {
    const { user } = await signedInApp(paths.dashboard.novels.getHref());
    const first = uniqueStory();
    await user.click(
      await screen.findByRole('button', { name: s('list.deleteOf', { title: first.title }) }),
    );
    const dialog = await ui.dialog(s('list.deleteHeading'));
    await user.click(within(dialog).getByRole('button', { name: s('list.delete') }));
    await ui.toast(s('list.deleted', { days: 30 }));
    await waitFor(() => expect(screen.queryByRole('link', { name: first.title })).toBeNull());
    expect(db.stories.findFirst((q) => q.where({ id: first.id }))?.deleted_at).toBeGreaterThan(0);
  });

  it('shows the error block when the list fails, and the list after a retry', async () => {
    server.use(...storiesListFails());
    const { user } = await signedInApp(paths.dashboard.novels.getHref());
    const retry = await screen.findByRole('button', { name: t('common:actions.retry') });
    expect(retry.closest('[role="alert"]')).toHaveTextContent(t('common:list.loadError'));
    server.resetHandlers();
    await user.click(retry);
    expect(await screen.findByRole('list', { name: s('list.heading') })).toBeInTheDocument();
  });

  it('loads more stories page by page, following the next link', async () => {
    const state = await signedInState();
    const base = liveStories()[0]!;
    for (let i = 0; i < 20; i++) {
      await db.stories.create({
        ...base,
        id: `n_more${i}`,
        share_id: `s_more${i}`,
        title: `续篇 ${i}`,
        updated_at: base.updated_at - 100_000 - i,
      });
    }
    const { user } = renderApp(paths.dashboard.novels.getHref(), { preloadedState: state });
    const list = await screen.findByRole('list', { name: s('list.heading') });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: s('list.loadMore') }));
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')).toHaveLength(liveStories().length),
    );
    expect(screen.queryByRole('button', { name: s('list.loadMore') })).toBeNull();
    expect(screen.getByText(t('common:list.end'))).toBeInTheDocument();
  });

  it('shows the empty state when there are no stories', async () => {
    const state = await signedInState();
    for (const x of db.stories.all().filter((y) => y.uid === AUTHOR_UID)) {
      db.stories.delete((q) => q.where({ id: x.id }));
    }
    renderApp(paths.dashboard.novels.getHref(), { preloadedState: state });
    expect(await screen.findByText(s('list.empty'))).toBeInTheDocument();
  });
});

describe('/dashboard/recycle', () => {
  it('shows the days left and recovers a story', async () => {
    const { user } = await signedInApp(paths.dashboard.recycle.getHref());
    const story = trashed();
    const list = await screen.findByRole('list', { name: s('recycle.heading') });
    expect(list).toHaveTextContent(story.title);
    expect(list).toHaveTextContent(/\d+/);
    await user.click(
      screen.getByRole('button', { name: s('recycle.recoverOf', { title: story.title }) }),
    );
    await ui.toast(s('recycle.recovered', { title: story.title }));
    expect(await screen.findByText(s('recycle.empty'))).toBeInTheDocument();
    expect(db.stories.findFirst((q) => q.where({ id: story.id }))?.deleted_at).toBe(0);
  });

  it('deletes a story for good after confirming', async () => {
    const { user } = await signedInApp(paths.dashboard.recycle.getHref());
    const story = trashed();
    await user.click(
      await screen.findByRole('button', { name: s('recycle.purgeOf', { title: story.title }) }),
    );
    const dialog = await ui.dialog(s('recycle.purgeHeading'));
    await user.click(within(dialog).getByRole('button', { name: s('recycle.purge') }));
    expect(await screen.findByText(s('recycle.empty'))).toBeInTheDocument();
    expect(db.stories.findFirst((q) => q.where({ id: story.id }))).toBeUndefined();
    expect(chaptersOf(story.id)).toEqual([]);
  });
});

describe('/dashboard/novels/{nid}', () => {
  let storyId: string;
  beforeEach(async () => {
    storyId = liveStories()[0]!.id;
    // A known starting point: every chapter unpublished, the first one long enough.
    for (const c of chaptersOf(storyId)) {
      await db.chapters.update((q) => q.where({ id: c.id }), {
        data: (r) => {
          r.published = false;
          if (r.order === 0) r.content = LONG;
        },
      });
    }
  });

  async function openChapters() {
    const view = await signedInApp(paths.dashboard.chapters.getHref(storyId));
    const list = await screen.findByRole('list', { name: s('chapters.heading') });
    return { ...view, list };
  }

  it('a story in the recycle bin opened by link says so (40418)', async () => {
    await signedInApp(paths.dashboard.chapters.getHref(trashed().id));
    expect(await screen.findByText(s('list.errors.deleted'))).toBeInTheDocument();
  });

  it('an unknown story opened by link says it does not exist (40402)', async () => {
    await signedInApp(paths.dashboard.chapters.getHref('n_missing000'));
    expect(await screen.findByText(s('list.errors.missing'))).toBeInTheDocument();
  });

  it('lists the chapters with an editor link carrying the story and chapter ids', async () => {
    const { list } = await openChapters();
    const first = chaptersOf(storyId)[0]!;
    expect(within(list).getByRole('link', { name: first.name })).toHaveAttribute(
      'href',
      paths.editor.getHref({ nid: storyId, cid: first.id }),
    );
  });

  it('adds a chapter, refuses to publish it while empty (client check, 42242), then publishes a long one', async () => {
    const { user } = await openChapters();
    await user.click(screen.getByRole('button', { name: s('chapters.add') }));
    const dialog = await ui.dialog(s('chapters.addHeading'));
    const input = within(dialog).getByLabelText(s('chapters.nameLabel'));
    await user.clear(input);
    await user.type(input, '尾声');
    await user.click(within(dialog).getByRole('button', { name: s('chapters.add') }));
    await screen.findByRole('link', { name: '尾声' });
    const added = chaptersOf(storyId).find((c) => c.name === '尾声')!;

    await user.click(
      screen.getByRole('button', { name: s('chapters.publishOf', { name: '尾声' }) }),
    );
    await ui.toast(s('list.errors.bodyEmpty'));
    expect(chaptersOf(storyId).find((c) => c.id === added.id)?.published).toBe(false);

    const first = chaptersOf(storyId)[0]!;
    await user.click(
      screen.getByRole('button', { name: s('chapters.publishOf', { name: first.name }) }),
    );
    await ui.toast(s('chapters.publishedToast'));
    await waitFor(() => expect(chaptersOf(storyId)[0]!.published).toBe(true));
    await user.click(
      await screen.findByRole('button', { name: s('chapters.unpublishOf', { name: first.name }) }),
    );
    await waitFor(() => expect(chaptersOf(storyId)[0]!.published).toBe(false));
  });

  it('refuses a short body on the client (42248) and shows the server’s refusal when the body changed meanwhile', async () => {
    const { user } = await openChapters();
    const [first, second] = chaptersOf(storyId);
    await db.chapters.update((q) => q.where({ id: second!.id }), {
      data: (r) => void (r.content = '短短一句。'),
    });
    // The list on screen still holds the long count for the first chapter; the server now has a short body.
    await db.chapters.update((q) => q.where({ id: first!.id }), {
      data: (r) => void (r.content = '只剩一句。'),
    });
    await user.click(
      screen.getByRole('button', { name: s('chapters.publishOf', { name: first!.name }) }),
    );
    await ui.toast(s('list.errors.bodyTooShort'));
    expect(chaptersOf(storyId)[0]!.published).toBe(false);
  });

  it('refuses a chapter without a title (42241) at rename', async () => {
    const { user } = await openChapters();
    const first = chaptersOf(storyId)[0]!;
    await user.click(
      screen.getByRole('button', { name: s('chapters.renameOf', { name: first.name }) }),
    );
    const dialog = await ui.dialog(s('chapters.renameHeading'));
    const input = within(dialog).getByLabelText(s('chapters.nameLabel'));
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: t('common:actions.save') }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(chaptersOf(storyId)[0]!.name).toBe(first.name);
  });

  it('moves a chapter down and up with buttons', async () => {
    const { user, list } = await openChapters();
    const [a, b] = chaptersOf(storyId);
    expect(
      screen.getByRole('button', { name: s('chapters.moveUp', { name: a!.name }) }),
    ).toBeDisabled();
    await user.click(
      screen.getByRole('button', { name: s('chapters.moveDown', { name: a!.name }) }),
    );
    await waitFor(() =>
      expect(
        chaptersOf(storyId)
          .map((c) => c.id)
          .slice(0, 2),
      ).toEqual([b!.id, a!.id]),
    );
    await waitFor(() => {
      const links = within(list).getAllByRole('link');
      expect(links[0]).toHaveTextContent(b!.name);
    });
  });

  it('binds one of my worlds and unbinds it', async () => {
    const { user } = await openChapters();
    const world = db.worlds.all().find((w) => w.uid === AUTHOR_UID && !w.deleted)!;
    const select = screen.getByLabelText(s('chapters.world'));
    await screen.findByRole('option', { name: world.title });
    await user.selectOptions(select, world.id);
    await waitFor(() =>
      expect(db.stories.findFirst((q) => q.where({ id: storyId }))?.universe_id).toBe(world.id),
    );
    // The story refetches after the bind; the select shows the bound world and is usable again.
    await waitFor(() => {
      expect(select).toHaveValue(world.id);
      expect(select).toBeEnabled();
    });
    await user.selectOptions(select, '');
    await waitFor(() =>
      expect(db.stories.findFirst((q) => q.where({ id: storyId }))?.universe_id).toBeNull(),
    );
  });

  it('changes the share status', async () => {
    const { user } = await openChapters();
    await user.click(screen.getByRole('radio', { name: new RegExp(s('share.status.link')) }));
    await waitFor(() =>
      expect(db.stories.findFirst((q) => q.where({ id: storyId }))?.share_status).toBe('link'),
    );
  });

  it('shows 42223 when the story was already shared that way elsewhere', async () => {
    const { user } = await openChapters();
    // Another tab shared it by link after this screen loaded.
    await db.stories.update((q) => q.where({ id: storyId }), {
      data: (r) => void (r.share_status = 'link'),
    });
    await user.click(screen.getByRole('radio', { name: new RegExp(s('share.status.link')) }));
    await ui.toast(s('list.errors.alreadyShared'));
  });

  it('shows 40403 when the chosen world was deleted meanwhile', async () => {
    const { user } = await openChapters();
    const world = db.worlds.all().find((w) => w.uid === AUTHOR_UID && !w.deleted)!;
    await screen.findByRole('option', { name: world.title });
    await db.worlds.update((q) => q.where({ id: world.id }), {
      data: (w) => void (w.deleted = true),
    });
    await user.selectOptions(screen.getByLabelText(s('chapters.world')), world.id);
    await ui.toast(s('list.errors.worldMissing'));
  });

  describe('export', () => {
    let blobs: Blob[];
    let names: string[];
    beforeEach(() => {
      blobs = [];
      names = [];
      vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
        blobs.push(b as Blob);
        return 'blob:mock';
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        names.push(this.download);
      });
    });
    afterEach(() => vi.restoreAllMocks());

    const read = (b: Blob) =>
      new Promise<string>((resolve) => {
        const r = new FileReader();
        r.onload = () => resolve(String(r.result));
        r.readAsText(b);
      });

    it('downloads the whole story as .md and one chapter as .txt', async () => {
      const { user } = await openChapters();
      const story = db.stories.findFirst((q) => q.where({ id: storyId }))!;
      const chapters = chaptersOf(storyId);
      await user.click(screen.getByRole('button', { name: s('export.md', { what: story.title }) }));
      await waitFor(() => expect(names).toEqual([`${story.title}.md`]));
      const md = await read(blobs[0]!);
      expect(md.startsWith(`# ${story.title}\n`)).toBe(true);
      for (const c of chapters) expect(md).toContain(`## ${c.name}`);

      const first = chapters[0]!;
      await user.click(screen.getByRole('button', { name: s('export.txt', { what: first.name }) }));
      await waitFor(() => expect(names).toHaveLength(2));
      expect(names[1]).toBe(`${story.title} - ${first.name}.txt`);
      expect(await read(blobs[1]!)).toBe(`${first.name}\n\n${LONG}\n`);
    });
  });
});

describe('/story/{shareid}', () => {
  it('shows a square story to anonymous visitors with its published chapters', async () => {
    const story = db.stories
      .all()
      .find((x) => x.uid !== AUTHOR_UID && x.share_status === 'square')!;
    const published = chaptersOf(story.id).filter((c) => c.published);
    renderApp(paths.story.getHref(story.share_id));
    expect(await screen.findByRole('heading', { level: 1, name: story.title })).toBeInTheDocument();
    for (const c of published)
      expect(screen.getByRole('heading', { level: 2, name: c.name })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: s('share.legend') })).toBeNull();
  });

  it('shows the word count compact, as the lists do (spec 1 §9)', async () => {
    const story = db.stories
      .all()
      .find((x) => x.uid !== AUTHOR_UID && x.share_status === 'square')!;
    const published = chaptersOf(story.id).filter((c) => c.published);
    // 12,345 counted words in all: each CJK character counts 1.
    for (const [i, c] of published.entries())
      await db.chapters.update((q) => q.where({ id: c.id }), {
        data: (r) => void (r.content = i === 0 ? '字'.repeat(12_345) : ''),
      });
    renderApp(paths.story.getHref(story.share_id));
    await screen.findByRole('heading', { level: 1, name: story.title });
    expect(
      screen.getByText(s('list.words', { count: 12_345, formatted: '1.23万' })),
    ).toBeInTheDocument();
    expect(screen.queryByText(/12345/)).toBeNull();
  });

  it('shows the cover the square card shows; it opens in the image viewer', async () => {
    const story = db.stories
      .all()
      .find((x) => x.uid !== AUTHOR_UID && x.share_status === 'square' && x.deleted_at === 0)!;
    const cover = 'data:image/png;base64,iVBORw0KGgo=';
    await db.stories.update((q) => q.where({ id: story.id }), {
      data: (x) => void (x.cover = cover),
    });
    const { user } = renderApp(paths.story.getHref(story.share_id));
    const button = await screen.findByRole('button', {
      name: t('common:publicShare.viewCover', { title: story.title }),
    });
    await user.click(button);
    const viewer = within(await screen.findByRole('dialog', { name: t('media:viewer.title') }));
    expect(
      viewer.getByAltText(t('common:publicShare.cover', { title: story.title })),
    ).toHaveAttribute('src', cover);
  });

  it('has no cover button when the story and its world have no cover', async () => {
    const story = db.stories
      .all()
      .find((x) => x.uid !== AUTHOR_UID && x.share_status === 'square' && x.deleted_at === 0)!;
    await db.stories.update((q) => q.where({ id: story.id }), {
      data: (x) => void Object.assign(x, { cover: '', universe_id: null }),
    });
    renderApp(paths.story.getHref(story.share_id));
    await screen.findByRole('heading', { level: 1, name: story.title });
    expect(
      screen.queryByRole('button', {
        name: t('common:publicShare.viewCover', { title: story.title }),
      }),
    ).toBeNull();
  });

  it('says 40330 for a private or banned story, 40402 for an unknown link, 40418 deleted', async () => {
    const priv = liveStories().find((x) => x.share_status === 'private')!;
    const first = renderApp(paths.story.getHref(priv.share_id));
    // Spec 1 §2: a visitor without rights to a story gets the no-permission message.
    expect(await screen.findByText(s('list.errors.shareNoPermission'))).toBeInTheDocument();
    first.unmount();
    const second = renderApp(paths.story.getHref('s_nope'));
    expect(
      await screen.findByRole('heading', { level: 1, name: s('list.errors.shareMissing') }),
    ).toBeInTheDocument();
    second.unmount();
    const banned = liveStories().find((x) => x.share_status !== 'private')!;
    await db.stories.update((q) => q.where({ id: banned.id }), {
      data: (x) => void (x.share_status = 'banned'),
    });
    const third = renderApp(paths.story.getHref(banned.share_id));
    expect(await screen.findByText(s('list.errors.shareNoPermission'))).toBeInTheDocument();
    third.unmount();
    // A story since deleted.
    await db.stories.update((q) => q.where({ id: trashed().id }), {
      data: (x) => void (x.share_status = 'link'),
    });
    renderApp(paths.story.getHref(trashed().share_id));
    expect(
      await screen.findByRole('heading', { level: 1, name: s('list.errors.shareDeleted') }),
    ).toBeInTheDocument();
    // Not a dead end: the way on to the square.
    expect(
      screen.getByRole('link', { name: i18next.t('common:publicShare.toSquare') }),
    ).toHaveAttribute('href', paths.dashboard.square.getHref());
  });

  it('lets the author see a private story and change its status', async () => {
    const priv = liveStories().find((x) => x.share_status === 'private')!;
    const { user } = await signedInApp(paths.story.getHref(priv.share_id));
    await screen.findByRole('heading', { level: 1, name: priv.title });
    const group = await screen.findByRole('group', { name: s('share.legend') });
    await user.click(
      within(group).getByRole('radio', { name: new RegExp(s('share.status.square')) }),
    );
    await waitFor(() =>
      expect(db.stories.findFirst((q) => q.where({ id: priv.id }))?.share_status).toBe('square'),
    );
  });
});

// The seeded data this file relies on.
it('has a seeded author with live stories, one in the recycle bin, and other authors’ square stories', () => {
  expect(liveStories().length).toBeGreaterThan(1);
  expect(trashed()).toBeDefined();
});
