import { clock } from '../clock';
import { randomId } from '../codes';
import { db, type UploadRecord } from '../db';
import { keyedHash } from '../hash';
import { fail } from '../http';

/**
 * The mock object-storage host's rules: signed OSS-style policies handed out by the upload
 * access calls and checked by the form post, the size limit and the daily upload cap.
 */

export type UploadPurpose = UploadRecord['purpose'];

const UPLOAD_SECRET = 'inkworld-mock-oss-secret';
export const UPLOAD_URL = '/mock-oss/upload';
export const FILE_PATH = '/mock-oss/files/';
const UPLOAD_POLICY_TTL_MS = 15 * 60_000;
/**
 * 1 MiB per image. The client sends at most 1080x2160 JPEG at quality 0.8 (typically
 * 150-600 KB); the mock keeps images as data URLs in localStorage (about 5 MB per origin), so
 * it refuses anything larger with 400 / 40001.
 */
export const UPLOAD_MAX_BYTES = 1024 * 1024;
/** Uploads per user per day (China time), all purposes together (inferred). */
export const UPLOADS_PER_DAY = 20;
/** Result polls that answer pending before the audit finishes (a realistic short wait). */
export const AUDIT_POLLS = 2;

/** Keyed FNV-1a (64 bits of hex) over a policy: the storage host checks it on upload. */
export function signUploadPolicy(policy: string): string {
  return keyedHash(UPLOAD_SECRET, policy);
}

const KEY_PREFIX: Record<UploadPurpose, string> = {
  avatar: 'avatars',
  cover: 'covers',
  entry: 'entries',
  exploration: 'exploration-avatars',
  report: 'reports',
};

export interface PolicyClaims {
  key: string;
  uid: string;
  purpose: UploadPurpose;
  target: string;
}

type Condition = Record<string, string> | [string, string | number, string | number];
interface Policy {
  expiration: string;
  conditions: Condition[];
}

/** OSS-style form fields for one upload (a signed policy naming the key, owner and purpose). */
export function uploadParams(
  uid: string,
  purpose: UploadPurpose,
  target = '',
): Record<string, string> {
  const key = `${KEY_PREFIX[purpose]}/${uid}/${randomId('')}`;
  const policy = btoa(
    JSON.stringify({
      expiration: new Date(clock.nowMs() + UPLOAD_POLICY_TTL_MS).toISOString(),
      conditions: [
        { bucket: 'inkworld-mock' },
        { key },
        ['content-length-range', 1, UPLOAD_MAX_BYTES],
        ['starts-with', '$Content-Type', 'image/'],
        { 'x-oss-meta-uid': uid },
        { 'x-oss-meta-purpose': purpose },
        { 'x-oss-meta-target': target },
      ],
    } satisfies Policy),
  );
  return {
    key,
    policy,
    OSSAccessKeyId: 'mock-access-key-id',
    signature: signUploadPolicy(policy),
    success_action_status: '200',
    'x-oss-meta-uid': uid,
    'x-oss-meta-purpose': purpose,
    'x-oss-meta-target': target,
  };
}

/** The claims of a policy the host signed and that has not expired; else 403 / 40300. */
export function verifyPolicy(policy: string, signature: string, key: string): PolicyClaims {
  if (!policy || signatureMismatch(policy, signature)) fail(40300, 'signature mismatch');
  let parsed: Policy;
  try {
    parsed = JSON.parse(atob(policy)) as Policy;
  } catch {
    fail(40300, 'policy unreadable');
  }
  if (Date.parse(parsed.expiration) <= clock.nowMs()) fail(40300, 'policy expired');
  const field = (name: string) => {
    for (const c of parsed.conditions) if (!Array.isArray(c) && name in c) return c[name]!;
    return '';
  };
  if (field('key') !== key) fail(40300, 'key not allowed by the policy');
  return {
    key,
    uid: field('x-oss-meta-uid'),
    purpose: field('x-oss-meta-purpose') as UploadPurpose,
    target: field('x-oss-meta-target'),
  };
}

function signatureMismatch(policy: string, signature: string) {
  return signUploadPolicy(policy) !== signature;
}

/** The China-time calendar day of an instant, e.g. 2026-11-22. */
export function dayKey(ms = clock.nowMs()): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
}

export function uploadsToday(uid: string): number {
  const today = dayKey();
  return db.uploads.findMany((q) => q.where({ uid })).filter((u) => dayKey(u.created_at) === today)
    .length;
}

/** Refuses access once the day's uploads are used (40307 on v2 calls, 40407 on the v1 call). */
export function checkDailyCap(uid: string, code: 40307 | 40407) {
  if (uploadsToday(uid) >= UPLOADS_PER_DAY) fail(code, 'too many uploads today');
}

export function fileUrl(id: string): string {
  return FILE_PATH + id;
}

/** Bytes to a data URL without FileReader (the handler also runs in Node). */
export function toDataUrl(bytes: Uint8Array, type: string): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${type};base64,${btoa(binary)}`;
}

export function fromDataUrl(dataUrl: string): { type: string; bytes: Uint8Array } | null {
  const match = /^data:([^;,]+);base64,(.*)$/.exec(dataUrl);
  if (!match) return null;
  const binary = atob(match[2]!);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { type: match[1]!, bytes };
}
