import type { ApiError } from '@/core/api-error';

/**
 * The warn dialog's rule (spec 1 §6, §8; spec 2 §1): risky input is refused (42203) and
 * counted; 5 hits in an hour suspend continuation and the lab for an hour (42902). A 42203
 * carries the hits of the last hour (contract `RiskHits`); from the 3rd the writer is warned
 * how many remain, since a suspension they did not see coming would feel arbitrary.
 */
export const WARN_FROM_HITS = 3;

export type RiskWarning =
  | { kind: 'warn'; hits: number; left: number; limit: number; windowMinutes: number }
  /** `untilMs` from 42902's `content.until`; null when only "an hour from now" is known. */
  | { kind: 'suspended'; untilMs: number | null; windowMinutes: number };

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** What to tell the writer about `error`, or null when it is not a risk refusal worth a dialog. */
export function riskWarning(error: ApiError | null): RiskWarning | null {
  if (!error) return null;
  const content = (error.content ?? null) as Record<string, unknown> | null;
  if (error.code === 42902) {
    const until = content?.until;
    return {
      kind: 'suspended',
      untilMs: typeof until === 'number' && until > 0 ? until : null,
      windowMinutes: 60,
    };
  }
  if (error.code !== 42203 || !content) return null;
  const { risk_hits: hits, risk_limit: limit, window_s: windowS } = content;
  if (!isCount(hits) || !isCount(limit) || !isCount(windowS)) return null;
  const windowMinutes = Math.round(windowS / 60);
  if (hits >= limit) return { kind: 'suspended', untilMs: null, windowMinutes };
  if (hits < WARN_FROM_HITS) return null;
  return { kind: 'warn', hits, left: limit - hits, limit, windowMinutes };
}
