import { http as mswHttp } from 'msw';
import { clock } from '../clock';
import { randomId } from '../codes';
import { db } from '../db';
import { apiError } from '../http';
import { AUTHOR_UID } from '../seed-ids';

/**
 * Scenarios of the worlds screens (my worlds, world editor, public view). The fault ones
 * answer only their own calls, so the rest of the app keeps working around them.
 */

/** The author has no worlds. */
export async function worldsEmpty(uid: string = AUTHOR_UID): Promise<void> {
  const ids = new Set(
    db.worlds
      .all()
      .filter((w) => w.uid === uid)
      .map((w) => w.id),
  );
  db.entries.deleteMany((q) => q.where((e) => ids.has(e.universe_id)));
  db.worlds.deleteMany((q) => q.where({ uid }));
}

/** The author's worlds keep their info and forbidden words but have no glossary entries. */
export async function glossaryEmpty(uid: string = AUTHOR_UID): Promise<void> {
  const ids = new Set(
    db.worlds
      .all()
      .filter((w) => w.uid === uid)
      .map((w) => w.id),
  );
  db.entries.deleteMany((q) => q.where((e) => ids.has(e.universe_id)));
}

/** The author has 45 worlds: three pages of my worlds, loaded as the list is scrolled. */
export async function worldsMany(uid: string = AUTHOR_UID, total = 45): Promise<void> {
  const have = db.worlds.all().filter((w) => w.uid === uid && !w.deleted).length;
  const now = clock.nowS();
  for (let i = have; i < total; i++) {
    await db.worlds.create({
      id: randomId('w_'),
      uid,
      title: `世界 ${i + 1}`,
      background: `第 ${i + 1} 个世界的背景。`,
      cover: '',
      forbidden_words: [],
      share_id: randomId('s_'),
      share_status: 'private',
      created_at: now - i * 3600,
      updated_at: now - i * 3600,
      deleted: false,
    });
  }
}

/** One of the author's worlds is banned by the server: its share status cannot be changed. */
export async function worldBanned(uid: string = AUTHOR_UID): Promise<void> {
  const world = db.worlds.all().find((w) => w.uid === uid && !w.deleted);
  if (world) await db.worlds.update(world, { data: (w) => void (w.share_status = 'banned') });
}

/** Loading my worlds fails (503): the list shows the error block with a retry. */
export function worldsListFails() {
  return [
    mswHttp.get('*/api/v1/universes', () => apiError(50300, 'service unavailable', null, 503)),
  ];
}

/** Loading a world's glossary fails (503). */
export function entriesListFails() {
  return [
    mswHttp.get('*/api/v1/universes/:id/entries', () =>
      apiError(50300, 'service unavailable', null, 503),
    ),
  ];
}

/** My worlds and the glossary never answer (the loading state stays). */
export function worldsPending() {
  const never = () => new Promise<never>(() => undefined);
  return [
    mswHttp.get('*/api/v1/universes', never),
    mswHttp.get('*/api/v1/universes/:id/entries', never),
  ];
}
