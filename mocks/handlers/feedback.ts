import { FEEDBACK_PER_DAY, feedbackProblem } from '@/rules/feedback';
import { clock } from '../clock';
import { randomId } from '../codes';
import { db } from '../db';
import { fail, handle, http, ok, readBody, requireAuth } from '../http';

/**
 * Feedback and appeals (the inferred `createFeedback`, tag `account`): the way out named by
 * 「可通过反馈申诉」. Kept in the `feedback` table, so the daily limit and the once-a-day rule
 * for the same text hold across reloads. A banned or suspended user may still send it: the
 * token is all it needs.
 */

const DAY_S = 86_400;

/** What `uid` sent on the UTC day of `now`. */
export function feedbackToday(uid: string, now = clock.nowS()) {
  const today = Math.floor(now / DAY_S);
  return db.feedback
    .findMany((q) => q.where({ uid }))
    .filter((row) => Math.floor(row.created_at / DAY_S) === today);
}

export const feedbackHandlers = [
  http.post(
    '/api/v1/feedback',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      const body = await readBody(request);
      const problem = feedbackProblem(body.content);
      if (problem === 'empty') fail(42200, 'missing parameters: content');
      if (problem === 'tooLong') fail(42244, 'content too long');
      const content = body.content.trim();
      const today = feedbackToday(uid);
      if (today.length >= FEEDBACK_PER_DAY) fail(40324, 'daily feedback limit');
      if (today.some((row) => row.content === content)) fail(42245, 'already received');
      const row = await db.feedback.create({
        id: randomId('fb_'),
        uid,
        category: body.category,
        content,
        created_at: clock.nowS(),
      });
      return ok({ feedback_id: row.id, created_at: row.created_at });
    }),
  ),
];
