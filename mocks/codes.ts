import { clock } from './clock';
import { db, type VerificationCodeRecord } from './db';
import { fail } from './http';

/**
 * Verification codes of the mock backend (SMS and e-mail), kept in `db.codes` so the dev
 * panel can show the latest ones ("sent" nowhere else).
 *
 * - One code per target and purpose per 60 s (spec 1 §4, §5, §9) → 42901 with HTTP 429 and
 *   `content.retry_after_s`.
 * - A code lives 5 minutes (42211 after that) and is spent by the call it was sent for
 *   (42210 when used again, unknown, sent to another target or mistyped).
 * - confirmed_code checks a code without spending it (so reset_pwd can still use it) and
 *   stamps `confirmed_at`; creating an e-mail account spends a code confirmed in the last
 *   30 minutes.
 */
export const CODE_RESEND_MS = 60_000;
export const CODE_TTL_MS = 5 * 60_000;
/** How long a confirmed e-mail code may still be used to create the account. */
export const CONFIRMED_TTL_MS = 30 * 60_000;

/** Purpose of the rows that hold OAuth states (see account.ts); never accepted as a code. */
export const OAUTH_PURPOSE = 'oauth';

/** The target a phone code is stored under, as the dev panel shows it. */
export function phoneTarget(callcode: string, phone: string): string {
  return `+${callcode} ${phone}`;
}

export function emailTarget(email: string): string {
  return email.trim().toLowerCase();
}

/** Six digits; Math.random is enough for a mock whose codes are shown in a dev panel. */
export function randomDigits(length = 6): string {
  let out = '';
  for (let i = 0; i < length; i++) out += Math.floor(Math.random() * 10).toString();
  return out;
}

export function randomId(prefix: string): string {
  return `${prefix}${clock.nowMs().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

function latestFor(target: string, purpose: string): VerificationCodeRecord | undefined {
  return db.codes
    .findMany((q) => q.where({ target, purpose }))
    .sort((a, b) => b.sent_at - a.sent_at)[0];
}

/** Creates a code for target+purpose, or 42901 when the previous one is under 60 s old. */
export async function issueCode(target: string, purpose: string): Promise<VerificationCodeRecord> {
  const now = clock.nowMs();
  const last = latestFor(target, purpose);
  if (last && now - last.sent_at < CODE_RESEND_MS) {
    const retryAfterS = Math.ceil((last.sent_at + CODE_RESEND_MS - now) / 1000);
    fail(42901, 'too frequent', { retry_after_s: retryAfterS }, 429);
  }
  return db.codes.create({
    codeid: randomId('cd_'),
    target,
    purpose,
    code: randomDigits(),
    sent_at: now,
    expires_at: now + CODE_TTL_MS,
    used: false,
  });
}

/**
 * The unspent code `codeid` sent to `target`, when `code` is its value and it has not
 * expired; else 42210 (wrong, unknown, other target, used) or 42211 (expired).
 */
export function checkCode(input: {
  codeid: string;
  code: string;
  target: string;
}): VerificationCodeRecord {
  const row = db.codes.findFirst((q) => q.where({ codeid: input.codeid }));
  if (!row || row.purpose === OAUTH_PURPOSE || row.target !== input.target)
    fail(42210, 'wrong code');
  if (row.used) fail(42210, 'code already used');
  if (row.expires_at <= clock.nowMs()) fail(42211, 'code expired');
  if (row.code !== input.code.trim()) fail(42210, 'wrong code');
  return row;
}

/** Spends a code (it cannot be used again). */
export async function spendCode(row: VerificationCodeRecord): Promise<void> {
  await db.codes.update((q) => q.where({ codeid: row.codeid }), {
    data: (c) => void (c.used = true),
  });
}

/** Marks a checked code as confirmed (not spent). */
export async function confirmCode(row: VerificationCodeRecord): Promise<void> {
  const now = clock.nowMs();
  await db.codes.update((q) => q.where({ codeid: row.codeid }), {
    data: (c) => void (c.confirmed_at = now),
  });
}

/** The latest unspent code for `target` confirmed within the last 30 minutes, if any. */
export function findConfirmedCode(target: string): VerificationCodeRecord | undefined {
  const now = clock.nowMs();
  return db.codes
    .findMany((q) => q.where({ target, used: false }))
    .filter(
      (c) =>
        c.purpose !== OAUTH_PURPOSE &&
        c.confirmed_at !== undefined &&
        now - c.confirmed_at < CONFIRMED_TTL_MS,
    )
    .sort((a, b) => (b.confirmed_at ?? 0) - (a.confirmed_at ?? 0))[0];
}
