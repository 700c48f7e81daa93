import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/core/api-error';
import { riskWarning } from './risk-warning';

const refusal = (code: number, content: unknown): ApiError => ({
  status: Math.floor(code / 100),
  code,
  serverMessage: null,
  content,
  kind: 'client',
});
const hits = (n: number) => refusal(42203, { risk_hits: n, risk_limit: 5, window_s: 3600 });

describe('riskWarning', () => {
  it('says nothing for the first two hits (the inline message is enough)', () => {
    expect(riskWarning(hits(1))).toBeNull();
    expect(riskWarning(hits(2))).toBeNull();
  });

  it('warns at 3 and 4 of 5 hits with how many remain', () => {
    expect(riskWarning(hits(3))).toEqual({
      kind: 'warn',
      hits: 3,
      left: 2,
      limit: 5,
      windowMinutes: 60,
    });
    expect(riskWarning(hits(4))).toMatchObject({ kind: 'warn', left: 1 });
  });

  it('the 5th hit is the suspension, its end not yet known', () => {
    expect(riskWarning(hits(5))).toEqual({ kind: 'suspended', untilMs: null, windowMinutes: 60 });
  });

  it('42902 is the suspension with its end from content.until', () => {
    expect(riskWarning(refusal(42902, { until: 1_800_000_000_000 }))).toEqual({
      kind: 'suspended',
      untilMs: 1_800_000_000_000,
      windowMinutes: 60,
    });
    expect(riskWarning(refusal(42902, null))).toMatchObject({ untilMs: null });
  });

  it('ignores other errors and a 42203 without a readable count', () => {
    expect(riskWarning(null)).toBeNull();
    expect(riskWarning(refusal(42260, null))).toBeNull();
    expect(riskWarning(refusal(42203, null))).toBeNull();
    expect(
      riskWarning(refusal(42203, { risk_hits: '4', risk_limit: 5, window_s: 3600 })),
    ).toBeNull();
    expect(riskWarning(refusal(42203, { risk_hits: 4 }))).toBeNull();
  });
});
