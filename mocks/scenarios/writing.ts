import { http as mswHttp } from 'msw';
import { continueResolver, CONTINUE_PATH } from '../handlers/writing';
import { apiError, handle } from '../http';
import { clock } from '../clock';
import { db } from '../db';
import { setPower } from '../power';
import { AUTHOR_UID } from '../seed-ids';

/**
 * Scenarios of the writing screen (editor, continuation, lab). The fault ones answer only
 * their own calls, so the rest of the app keeps working around them.
 */

/** Saving a chapter body answers 500 (the local draft must keep the text). */
export function saveFails() {
  return [
    mswHttp.put('*/api/v1/chapters/:id/content', () =>
      apiError(50000, 'internal server error', null, 500),
    ),
  ];
}

/** The continuation stream is cut in the middle of the first card (nothing is charged). */
export function streamDrops() {
  return [mswHttp.post(`*${CONTINUE_PATH}`, handle(continueResolver({ dropMidCard: true })))];
}

/** AI generation is switched off (42260) for continuation and the lab. */
export function aiDisabled() {
  const disabled = () => apiError(42260, 'AI generation disabled');
  return [
    mswHttp.post(`*${CONTINUE_PATH}`, disabled),
    mswHttp.post('*/api/v1/writing/lab', disabled),
  ];
}

/** The lab is closed (40360); its quota says so too. */
export function labClosed() {
  return [
    mswHttp.post('*/api/v1/writing/lab', () => apiError(40360, 'lab closed')),
    mswHttp.get('*/api/v1/writing/lab/quota', () =>
      Response.json({ enabled: false, trial_total: 0, trial_left: 0 }),
    ),
  ];
}

/** The user has no power left (member, activity and pack power all 0). */
export async function powerEmpty(uid: string = AUTHOR_UID): Promise<void> {
  await setPower(uid, {});
}

/** The user has exactly 1000 power, all in packs: a continuation's per-card charge shows exactly. */
export async function power1000(uid: string = AUTHOR_UID): Promise<void> {
  await setPower(uid, { pack: 1_000 });
}

/**
 * The user already has `hits` risk hits in the last hour (spec 1 §8: 5 suspend creation for
 * an hour): the next risky input is refused with 42203 and `risk_hits` one higher, so the
 * client's warning shows how many remain; with 5 the next call answers 42902.
 */
export async function riskHits(hits: number, uid: string = AUTHOR_UID): Promise<void> {
  const now = clock.nowMs();
  // A minute apart, the newest a minute ago: all inside the hour.
  const times = Array.from({ length: hits }, (_, i) => now - (hits - i) * 60_000);
  const row = db.writingUsage.findFirst((q) => q.where({ uid }));
  if (!row) {
    await db.writingUsage.create({ uid, lab_trial_used: 0, risk_hits: times });
    return;
  }
  await db.writingUsage.update((q) => q.where({ uid }), {
    data: (u) => void (u.risk_hits = times),
  });
}
