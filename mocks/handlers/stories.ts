import type { components } from '@/api/schema.gen';
import { countText } from '@/rules/text-count';
import { cleanTitle, titleProblem } from '@/rules/titles';
import { clock } from '../clock';
import { randomId } from '../codes';
import { db } from '../db';
import { fail, handle, http, ok, optionalAuth, readBody, requireAuth } from '../http';
import { nameText } from '../name-text';
import { storyCover, supporterCount } from './share-cards';

/**
 * Stories operations of the contract (tag `stories`): my stories, chapter metadata, the
 * recycle bin, share status, the bound world, export and the public story view.
 * Chapter bodies are read and saved by the writing handlers; word counts here use the same
 * shared counter (`countText`) as the client.
 */

type Story = components['schemas']['Story'];
type RecycledStory = components['schemas']['RecycledStory'];
type ChapterMeta = components['schemas']['ChapterMeta'];
type Paging = components['schemas']['Paging'];
/** Rows as the collections hold them (what update/delete take). */
type StoryRecord = ReturnType<typeof db.stories.all>[number];
type ChapterRecord = ReturnType<typeof db.chapters.all>[number];

/** Days a story stays in the recycle bin before it is purged (the spec leaves it open). */
export const RECYCLE_RETENTION_DAYS = 30;
const DAY_S = 86_400;
/** Spec 1 §5: publishing needs a body longer than 30 characters. */
export const PUBLISH_MIN_BODY = 30;
const DEFAULT_PER_PAGE = 20;
const MAX_PER_PAGE = 200;

// ------------------------------------------------------------------ helpers

function purgeAt(story: StoryRecord): number {
  return story.deleted_at + RECYCLE_RETENTION_DAYS * DAY_S;
}

/**
 * Stories past their time in the recycle bin go for good: on schedule (`schedulePurge`) and
 * whenever the stories are read, so no answer ever shows one. Returns how many went.
 */
export function purgeExpired(now = clock.nowS()): number {
  let removed = 0;
  for (const s of db.stories.all()) {
    if (s.deleted_at > 0 && purgeAt(s) <= now) {
      removeStory(s);
      removed++;
    }
  }
  return removed;
}

/** How often the in-browser backend empties the recycle bin of expired stories. */
export const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * The backend's scheduled purge: once now (a demo reopened after weeks starts clean), then
 * every PURGE_EVERY_MS while the backend runs; `onPurged` (the host's store, backend.ts) is
 * called when a purge removed anything, since no request follows it to store the change.
 * Returns the stop function.
 */
export function schedulePurge(onPurged: () => void): () => void {
  const run = () => {
    if (purgeExpired() > 0) onPurged();
  };
  run();
  const timer = setInterval(run, PURGE_EVERY_MS);
  return () => clearInterval(timer);
}

function removeStory(story: StoryRecord): void {
  for (const c of db.chapters.all()) if (c.story_id === story.id) db.chapters.delete(c);
  db.stories.delete(story);
}

function chaptersOf(storyId: string): ChapterRecord[] {
  return db.chapters
    .all()
    .filter((c) => c.story_id === storyId)
    .sort((a, b) => a.order - b.order);
}

function wordsOf(chapters: ChapterRecord[]): number {
  return chapters.reduce((sum, c) => sum + countText(c.content), 0);
}

function worldRef(id: string | null): Story['universe'] {
  if (!id) return null;
  const w = db.worlds.findFirst((q) => q.where({ id }));
  return w && !w.deleted ? { id: w.id, title: w.title } : null;
}

export function storyOut(story: StoryRecord): Story {
  const chapters = chaptersOf(story.id);
  return {
    id: story.id,
    title: story.title,
    chapter_count: chapters.length,
    published_chapter_count: chapters.filter((c) => c.published).length,
    word_count: wordsOf(chapters),
    created_at: story.created_at,
    updated_at: story.updated_at,
    share_status: story.share_status,
    share_id: story.share_id,
    universe: worldRef(story.universe_id),
  };
}

function recycledOut(story: StoryRecord, now = clock.nowS()): RecycledStory {
  const chapters = chaptersOf(story.id);
  const at = purgeAt(story);
  return {
    id: story.id,
    title: story.title,
    chapter_count: chapters.length,
    word_count: wordsOf(chapters),
    deleted_at: story.deleted_at,
    purge_at: at,
    remaining_days: Math.max(1, Math.ceil((at - now) / DAY_S)),
  };
}

function chapterOut(c: ChapterRecord): ChapterMeta {
  return {
    id: c.id,
    story_id: c.story_id,
    name: c.name,
    word_count: countText(c.content),
    order: c.order,
    published: c.published,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** One page of `items`; `has_prev` carries the spec's "more to come" flag (spec 1 §4). */
export function pageOf<T>(
  items: T[],
  url: URL,
  fallbackPerPage = DEFAULT_PER_PAGE,
): { data: T[]; paging: Paging } {
  const page = positiveInt(url.searchParams.get('page'), 1);
  const perPage = Math.min(
    MAX_PER_PAGE,
    positiveInt(url.searchParams.get('per_page'), fallbackPerPage),
  );
  const start = (page - 1) * perPage;
  const more = start + perPage < items.length;
  let next: string | null = null;
  if (more) {
    const n = new URL(url);
    n.searchParams.set('page', String(page + 1));
    n.searchParams.set('per_page', String(perPage));
    next = n.pathname + n.search;
  }
  return {
    data: items.slice(start, start + perPage),
    paging: { has_prev: more, has_next: more, next },
  };
}

function positiveInt(raw: string | null, fallback: number): number {
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) fail(42200, 'missing parameters: page/per_page');
  return n;
}

/**
 * Refuses a story to a caller who is not its author. A story never shared (private) answers
 * exactly as a missing one (40402, same message), so another user's story ids cannot be
 * confirmed, as worlds and chats answer; a shared (or banned) one, whose share others have
 * seen, is the author's alone: 40330.
 */
export function refuseOthersStory(story: StoryRecord): never {
  if (story.share_status === 'private') fail(40402, 'story missing');
  fail(40330, 'no permission');
}

/**
 * The caller's story: 40402 when there is none (or it is someone else's private one), 40330
 * when it is someone else's shared one, 40418 when it sits in the recycle bin (unless
 * `inRecycle` asks for exactly that).
 */
function ownStory(request: Request, id: string, inRecycle = false): StoryRecord {
  const uid = requireAuth(request);
  purgeExpired();
  const story = db.stories.findFirst((q) => q.where({ id }));
  if (!story) fail(40402, 'story missing');
  if (story.uid !== uid) refuseOthersStory(story);
  if (inRecycle && story.deleted_at === 0) fail(40402, 'story not in the recycle bin');
  if (!inRecycle && story.deleted_at > 0) fail(40418, 'story deleted');
  return story;
}

/**
 * A story title or chapter name by the shared rule (`src/rules/titles.ts`): 42241 when blank,
 * 42204 when too long; stored cleaned (bidi controls stripped, trimmed).
 */
export function checkTitle(raw: string): string {
  const problem = titleProblem(raw);
  if (problem === 'required') fail(42241, 'title required');
  if (problem === 'tooLong') fail(42204, 'title length invalid');
  return cleanTitle(raw);
}

/** Spec 1 §5: a title, and a body longer than 30 characters (42242 empty, 42248 too short). */
export function checkPublishable(name: string, content: string): void {
  if (!name.trim()) fail(42241, 'title required');
  const words = countText(content);
  if (words === 0) fail(42242, 'chapter body empty');
  if (words <= PUBLISH_MIN_BODY) fail(42248, 'chapter body under 30 characters');
}

async function touch(story: StoryRecord, now = clock.nowS()) {
  await db.stories.update(story, { data: (s) => void (s.updated_at = now) });
}

/** Puts `chapter` at `to` (0-based) and renumbers the rest 0..n-1. */
async function moveChapter(chapter: ChapterRecord, to: number) {
  const rest = chaptersOf(chapter.story_id).filter((c) => c.id !== chapter.id);
  if (to > rest.length) fail(42200, 'missing parameters: order out of range');
  rest.splice(to, 0, chapter);
  for (const [i, c] of rest.entries()) {
    if (c.order !== i) await db.chapters.update(c, { data: (r) => void (r.order = i) });
  }
}

// ------------------------------------------------------------------ handlers

export const storiesHandlers = [
  http.get(
    '/api/v1/stories',
    handle(({ request }) => {
      const uid = requireAuth(request);
      purgeExpired();
      const mine = db.stories
        .all()
        .filter((s) => s.uid === uid && s.deleted_at === 0)
        .sort((a, b) => b.updated_at - a.updated_at);
      const page = pageOf(mine, new URL(request.url));
      return ok({ data: page.data.map(storyOut), paging: page.paging });
    }),
  ),

  http.post(
    '/api/v1/stories',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      const body = await readBody(request);
      const title = checkTitle(nameText(body.title));
      const now = clock.nowS();
      const story = await db.stories.create({
        id: randomId('n_'),
        uid,
        title,
        universe_id: null,
        share_id: randomId('s_'),
        share_status: 'private',
        created_at: now,
        updated_at: now,
        deleted_at: 0,
      });
      return ok(storyOut(story));
    }),
  ),

  http.get(
    '/api/v1/stories/recycle',
    handle(({ request }) => {
      const uid = requireAuth(request);
      const now = clock.nowS();
      purgeExpired(now);
      const bin = db.stories
        .all()
        .filter((s) => s.uid === uid && s.deleted_at > 0)
        .sort((a, b) => b.deleted_at - a.deleted_at);
      const page = pageOf(bin, new URL(request.url));
      return ok({ data: page.data.map((s) => recycledOut(s, now)), paging: page.paging });
    }),
  ),

  http.get(
    '/api/v1/stories/bindable_worlds',
    handle(({ request }) => {
      const uid = requireAuth(request);
      const worlds = db.worlds
        .all()
        .filter((w) => w.uid === uid && !w.deleted)
        .sort((a, b) => b.updated_at - a.updated_at)
        .map((w) => ({ id: w.id, title: w.title }));
      return ok({ data: worlds });
    }),
  ),

  http.get(
    '/api/v1/stories/{storyId}',
    handle(({ request, params }) => ok(storyOut(ownStory(request, params.storyId)))),
  ),

  http.patch(
    '/api/v1/stories/{storyId}',
    handle(async ({ request, params }) => {
      const story = ownStory(request, params.storyId);
      const body = await readBody(request);
      const title = checkTitle(nameText(body.title));
      const updated = await db.stories.update(story, {
        data: (s) => {
          s.title = title;
          s.updated_at = clock.nowS();
        },
      });
      return ok(storyOut(updated ?? story));
    }),
  ),

  http.delete(
    '/api/v1/stories/{storyId}',
    handle(async ({ request, params }) => {
      const story = ownStory(request, params.storyId);
      const now = clock.nowS();
      const updated = await db.stories.update(story, {
        data: (s) => void (s.deleted_at = now),
      });
      return ok(recycledOut(updated ?? story, now));
    }),
  ),

  http.post(
    '/api/v1/stories/{storyId}/recover',
    handle(async ({ request, params }) => {
      const story = ownStory(request, params.storyId, true);
      const updated = await db.stories.update(story, {
        data: (s) => void (s.deleted_at = 0),
      });
      return ok(storyOut(updated ?? story));
    }),
  ),

  http.delete(
    '/api/v1/stories/{storyId}/purge',
    handle(({ request, params }) => {
      removeStory(ownStory(request, params.storyId, true));
      return ok({});
    }),
  ),

  http.put(
    '/api/v1/stories/{storyId}/share',
    handle(async ({ request, params }) => {
      const story = ownStory(request, params.storyId);
      const body = await readBody(request);
      // Banned is the server's decision: the author cannot lift it (spec 1 §4).
      if (story.share_status === 'banned') fail(40330, 'story is banned');
      if (body.share_status !== 'private' && story.share_status === body.share_status) {
        fail(42223, 'story already shared');
      }
      const updated = await db.stories.update(story, {
        data: (s) => {
          // A new share (or a move between square and link) dates the square's card.
          if (body.share_status !== 'private' && s.share_status !== body.share_status)
            s.shared_at = clock.nowS();
          s.share_status = body.share_status;
          s.updated_at = clock.nowS();
        },
      });
      return ok(storyOut(updated ?? story));
    }),
  ),

  http.get(
    '/api/v1/stories/{storyId}/export',
    handle(({ request, params }) => {
      const story = ownStory(request, params.storyId);
      const chapterId = new URL(request.url).searchParams.get('chapter_id');
      let chapters = chaptersOf(story.id);
      if (chapterId) {
        chapters = chapters.filter((c) => c.id === chapterId);
        if (chapters.length === 0) fail(40418, 'chapter deleted');
      }
      return ok({
        title: story.title,
        chapters: chapters.map((c) => ({ name: c.name, content: c.content })),
      });
    }),
  ),

  http.get(
    '/api/v1/stories/{storyId}/chapters',
    handle(({ request, params }) => {
      const story = ownStory(request, params.storyId);
      const page = pageOf(chaptersOf(story.id), new URL(request.url), MAX_PER_PAGE);
      return ok({ data: page.data.map(chapterOut), paging: page.paging });
    }),
  ),

  http.post(
    '/api/v1/stories/{storyId}/chapters',
    handle(async ({ request, params }) => {
      const story = ownStory(request, params.storyId);
      const body = await readBody(request);
      const name = checkTitle(nameText(body.name));
      const now = clock.nowS();
      const chapter = await db.chapters.create({
        id: randomId('c_'),
        story_id: story.id,
        name,
        content: '',
        order: chaptersOf(story.id).length,
        published: false,
        created_at: now,
        updated_at: now,
      });
      await touch(story, now);
      return ok(chapterOut(chapter));
    }),
  ),

  http.patch(
    '/api/v1/stories/{storyId}/chapters/{chapterId}/meta',
    handle(async ({ request, params }) => {
      const story = ownStory(request, params.storyId);
      const chapter = db.chapters.findFirst((q) =>
        q.where({ id: params.chapterId, story_id: story.id }),
      );
      if (!chapter) fail(40418, 'chapter deleted');
      const body = await readBody(request);
      const name = body.name === undefined ? chapter.name : checkTitle(nameText(body.name));
      if (body.published === true) checkPublishable(name, chapter.content);
      if (body.order !== undefined) await moveChapter(chapter, body.order);
      const now = clock.nowS();
      const updated = await db.chapters.update((q) => q.where({ id: chapter.id }), {
        data: (c) => {
          c.name = name;
          if (body.published !== undefined) c.published = body.published;
          if (body.name !== undefined || body.published !== undefined) c.updated_at = now;
        },
      });
      await touch(story, now);
      return ok(chapterOut(updated ?? chapter));
    }),
  ),

  http.post(
    '/v2/novel/{novelId}/preset_universe',
    handle(async ({ request, params }) => {
      const story = ownStory(request, params.novelId);
      const body = await readBody(request);
      if (body.value !== null) {
        const world = db.worlds.findFirst((q) => q.where({ id: body.value! }));
        if (!world || world.deleted) fail(40403, 'world missing');
        // Another user's private world is missing for the caller, as the worlds API says.
        if (world.uid !== story.uid && world.share_status === 'private')
          fail(40403, 'world missing');
        if (world.uid !== story.uid) fail(40330, 'no permission');
      }
      const updated = await db.stories.update(story, {
        data: (s) => {
          s.universe_id = body.value;
          s.updated_at = clock.nowS();
        },
      });
      return ok(storyOut(updated ?? story));
    }),
  ),

  /**
   * Public; a view by anyone but the author counts towards the share's view_count. Spec 1 §2:
   * a story may be viewed only if not private, deleted or banned, and a user without rights to
   * it gets the no-permission message: 40418 deleted, 40330 private or banned to anyone but the
   * author (as the shared world's page answers). Only the id-based operations, which no link
   * hands out, answer another user's private story as a missing one.
   */
  http.get(
    '/api/v1/share/stories/{shareid}',
    handle(async ({ request, params }) => {
      const viewer = optionalAuth(request);
      purgeExpired();
      const story = db.stories.findFirst((q) => q.where({ share_id: params.shareid }));
      if (!story) fail(40402, 'story missing');
      if (story.deleted_at > 0) fail(40418, 'story deleted');
      const isAuthor = viewer === story.uid;
      if (!isAuthor && (story.share_status === 'private' || story.share_status === 'banned'))
        fail(40330, 'no permission');
      if (!isAuthor) {
        await db.stories.update(story, {
          data: (s) => void (s.view_count = (s.view_count ?? 0) + 1),
        });
      }
      const author = db.users.findFirst((q) => q.where({ uid: story.uid }));
      const chapters = chaptersOf(story.id).filter((c) => c.published);
      return ok({
        share_id: story.share_id,
        story_id: isAuthor ? story.id : null,
        title: story.title,
        cover: storyCover(story),
        share_status: story.share_status,
        author: {
          _id: story.uid,
          name: author?.nickname ?? '',
          avatar: author?.headimgurl ?? '',
          is_official: author?.is_official ?? false,
        },
        universe: worldRef(story.universe_id),
        word_count: wordsOf(chapters),
        updated_at: story.updated_at,
        is_author: isAuthor,
        supporter_count: supporterCount(story.share_id),
        chapters: chapters.map((c) => ({
          id: c.id,
          name: c.name,
          content: c.content,
          word_count: countText(c.content),
          updated_at: c.updated_at,
        })),
      });
    }),
  ),
];
