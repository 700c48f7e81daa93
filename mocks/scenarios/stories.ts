import { http as mswHttp } from 'msw';
import { clock } from '../clock';
import { db } from '../db';
import { RECYCLE_RETENTION_DAYS } from '../handlers/stories';
import { apiError } from '../http';
import { AUTHOR_UID } from '../seed-ids';

/**
 * Scenarios of the stories screens (my stories, chapters, recycle bin, public view). The fault
 * ones answer only their own calls, so the rest of the app keeps working around them.
 */

/** The author has no stories at all (none in the recycle bin either). */
export async function storiesEmpty(uid: string = AUTHOR_UID): Promise<void> {
  const ids = new Set(
    db.stories
      .all()
      .filter((s) => s.uid === uid)
      .map((s) => s.id),
  );
  db.chapters.deleteMany((q) => q.where((c) => ids.has(c.story_id)));
  db.stories.deleteMany((q) => q.where({ uid }));
}

/** Loading my stories fails (500): the list shows the error block with a retry. */
export function storiesListFails() {
  return [
    mswHttp.get('*/api/v1/stories', () => apiError(50000, 'internal server error', null, 500)),
  ];
}

/** Loading the recycle bin fails (500). */
export function recycleListFails() {
  return [
    mswHttp.get('*/api/v1/stories/recycle', () =>
      apiError(50000, 'internal server error', null, 500),
    ),
  ];
}

/** The author's stories in the recycle bin have one day left before they are purged. */
export async function recycleExpiring(uid: string = AUTHOR_UID): Promise<void> {
  // A minute short of one day left, so "1 day left" shows and a day later it is gone.
  const deletedAt = clock.nowS() - (RECYCLE_RETENTION_DAYS - 1) * 86_400 - 60;
  await db.stories.updateMany((q) => q.where((s) => s.uid === uid && s.deleted_at > 0), {
    data: (s) => void (s.deleted_at = deletedAt),
  });
}

/** The author's newest story has been banned by the server (its status cannot be changed). */
export async function storyBanned(uid: string = AUTHOR_UID): Promise<void> {
  const newest = db.stories
    .all()
    .filter((s) => s.uid === uid && s.deleted_at === 0)
    .sort((a, b) => b.updated_at - a.updated_at)[0];
  if (newest)
    await db.stories.update((q) => q.where({ id: newest.id }), {
      data: (s) => void (s.share_status = 'banned'),
    });
}
