import type { components } from '@/api/schema.gen';
import { cleanKeyword, keywordProblem } from '@/rules/search';
import { db, type EntryRecord, type WorldRecord } from '../db';
import { fail, handle, http, ok, requireAuth } from '../http';
import {
  byEngagement,
  cursorPage,
  findUser,
  followIndex,
  followUserOut,
  readKind,
  readLimit,
  shareOut,
  squareShares,
  userSummary,
  type ShareRow,
} from './share-cards';

/**
 * Square operations of the contract (tag `square`): the recommend and latest lists, the
 * role-play characters of shared worlds, and search of shares and authors.
 */

type SquareCharacter = components['schemas']['SquareCharacter'];

const CHARACTERS_PER_PAGE = 20;
const CHARACTERS_MAX_PER_PAGE = 50;

function characterOut(e: EntryRecord, world: WorldRecord): SquareCharacter {
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    image: e.image,
    character_age: e.character_age,
    character_gender: e.character_gender,
    character_status: e.character_status,
    universe: {
      share_id: world.share_id,
      title: world.title,
      author: userSummary(findUser(world.uid), world.uid),
    },
  };
}

/** A world's characters recommended for role-play, alive first, then by name. */
function recommendedCharacters(worldId: string): EntryRecord[] {
  return db.entries
    .findMany((q) => q.where({ universe_id: worldId }))
    .filter((e) => e.type === 'character' && e.is_recommended)
    .sort(
      (a, b) =>
        Number(a.character_status === 'dead') - Number(b.character_status === 'dead') ||
        a.created_at - b.created_at ||
        a.id.localeCompare(b.id),
    );
}

function positiveInt(url: URL, name: string, fallback: number, max = Infinity): number {
  const raw = url.searchParams.get(name);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < 1 || n > max)
    fail(42200, `missing parameters: ${name}`);
  return n;
}

/**
 * The trimmed keyword by the client's rule (`src/rules/search.ts`): 42200 when absent, 42263
 * when blank, 42264 when over 30 counted.
 */
function readKeyword(url: URL): string {
  const raw = url.searchParams.get('keyword');
  if (raw === null) fail(42200, 'missing parameters: keyword');
  const problem = keywordProblem(raw);
  if (problem === 'empty') fail(42263, 'keyword empty');
  if (problem === 'tooLong') fail(42264, 'keyword too long');
  return cleanKeyword(raw).toLowerCase();
}

export const squareHandlers = [
  /** Public; recommend ranks by engagement (share-cards.ts `engagement`), latest by share time. */
  http.get(
    '/api/v1/square/shares',
    handle(({ request }) => {
      const url = new URL(request.url);
      const tab = url.searchParams.get('tab');
      if (tab !== 'recommend' && tab !== 'latest') fail(42200, 'missing parameters: tab');
      const kind = readKind(url, 'kind', false);
      const rows = squareShares(kind);
      const page = cursorPage(tab === 'recommend' ? byEngagement(rows) : rows, url);
      return ok({ data: page.data.map(shareOut), paging: page.paging });
    }),
  ),

  /** By the world's share id; square and link shares (a shared world's page lists them too). */
  http.get(
    '/api/v1/square/{id}/universes/characters',
    handle(({ request, params }) => {
      const world = db.worlds.findFirst((q) => q.where({ share_id: params.id }));
      if (!world || world.deleted || world.share_status === 'private') fail(40403, 'world missing');
      if (world.share_status === 'banned') fail(40403, 'world banned');
      const url = new URL(request.url);
      const page = positiveInt(url, 'page', 1);
      const perPage = positiveInt(url, 'per_page', CHARACTERS_PER_PAGE, CHARACTERS_MAX_PER_PAGE);
      const all = recommendedCharacters(world.id);
      const start = (page - 1) * perPage;
      const more = start + perPage < all.length;
      let next: string | null = null;
      if (more) {
        const n = new URL(url);
        n.searchParams.set('page', String(page + 1));
        n.searchParams.set('per_page', String(perPage));
        next = n.pathname + n.search;
      }
      return ok({
        data: all.slice(start, start + perPage).map((e) => characterOut(e, world)),
        paging: { has_prev: more, has_next: more, next },
      });
    }),
  ),

  /**
   * Living recommended characters of the square's most engaging worlds: two from each of the
   * three most engaging worlds, then one from each next world, up to `limit`.
   */
  http.get(
    '/api/v1/square/characters',
    handle(({ request }) => {
      const { limit } = readLimit(new URL(request.url));
      const worlds = byEngagement(squareShares('universe')) as Array<
        Extract<ShareRow, { kind: 'universe' }>
      >;
      const out: SquareCharacter[] = [];
      for (const [rank, row] of worlds.entries()) {
        if (out.length >= limit) break;
        const alive = recommendedCharacters(row.record.id).filter(
          (e) => e.character_status === 'alive',
        );
        for (const e of alive.slice(0, rank < 3 ? 2 : 1)) {
          if (out.length < limit) out.push(characterOut(e, row.record));
        }
      }
      return ok({ data: out, paging: { has_prev: false, has_next: false, next: null } });
    }),
  ),

  /** Title matches first, then worlds whose background matches; newest share first in each. */
  http.get(
    '/api/v1/search/shares',
    handle(({ request }) => {
      requireAuth(request);
      const url = new URL(request.url);
      const keyword = readKeyword(url);
      const kind = readKind(url, 'kind', true);
      const rows = squareShares(kind);
      const inTitle = rows.filter((r) => r.record.title.toLowerCase().includes(keyword));
      const inBackground = rows.filter(
        (r) =>
          r.kind === 'universe' &&
          !inTitle.includes(r) &&
          r.record.background.toLowerCase().includes(keyword),
      );
      const page = cursorPage([...inTitle, ...inBackground], url);
      return ok({ data: page.data.map(shareOut), paging: page.paging });
    }),
  ),

  /** Nicknames containing the keyword (case-insensitive); the official account, then by fans. */
  http.get(
    '/api/v1/search/users',
    handle(({ request }) => {
      const viewer = requireAuth(request);
      const url = new URL(request.url);
      const keyword = readKeyword(url);
      const index = followIndex();
      const fans = index.fans;
      const users = db.users
        .all()
        .filter((u) => u.nickname.toLowerCase().includes(keyword))
        .sort(
          (a, b) =>
            Number(b.is_official) - Number(a.is_official) ||
            (fans.get(b.uid) ?? 0) - (fans.get(a.uid) ?? 0) ||
            a.uid.localeCompare(b.uid),
        );
      const page = cursorPage(users, url);
      return ok({
        data: page.data.map((u) => followUserOut(u, viewer, index)),
        paging: page.paging,
      });
    }),
  ),
];
