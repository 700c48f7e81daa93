import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStorage, STORAGE_KEYS } from '@/lib/storage';
import {
  CHECKIN_KEY_TTL_MS,
  checkinTipDue,
  markCheckinTip,
  nextRetentionStep,
  recordRetentionStage,
  retentionDue,
  retentionStageOf,
  runTip,
  TIP_MS,
} from './retention';

function memoryStorage(now: () => number = () => Date.now()) {
  return createStorage({ backend: () => null, now });
}

afterEach(() => vi.useRealTimers());

describe('retention pop-up', () => {
  it('is due once per session and only when a promotion exists', () => {
    const s = memoryStorage();
    expect(retentionDue(s, 'tab1', false)).toBe(false);
    expect(retentionDue(s, 'tab1', true)).toBe(true);
    recordRetentionStage(s, 'tab1', 1);
    expect(retentionDue(s, 'tab1', true)).toBe(false);
    expect(retentionDue(s, 'tab2', true)).toBe(true);
  });

  it('stores the stage reached under pro_retention_popup', () => {
    const s = memoryStorage();
    recordRetentionStage(s, 'tab1', 1);
    expect(retentionStageOf(s)).toBe(1);
    recordRetentionStage(s, 'tab1', 2);
    expect(s.get(STORAGE_KEYS.retentionPopup)).toEqual({ session: 'tab1', stage: 2 });
    s.set(STORAGE_KEYS.retentionPopup, 'garbage');
    expect(retentionStageOf(s)).toBeNull();
    expect(retentionDue(s, 'tab1', true)).toBe(true);
  });

  it('two stages: closing the offer asks again, leaving or buying ends it', () => {
    expect(nextRetentionStep('offer', 'close')).toBe('confirm');
    expect(nextRetentionStep('offer', 'buy')).toBe('done');
    expect(nextRetentionStep('confirm', 'leave')).toBe('done');
    expect(nextRetentionStep('confirm', 'close')).toBe('done');
    expect(nextRetentionStep('confirm', 'buy')).toBe('done');
  });
});

describe('check-in tip', () => {
  it('is due while the allowance is unclaimed, once until its key clears after 1 h', () => {
    let now = 1_000_000;
    const s = memoryStorage(() => now);
    expect(checkinTipDue(s, true)).toBe(false);
    expect(checkinTipDue(s, false)).toBe(true);
    markCheckinTip(s);
    expect(checkinTipDue(s, false)).toBe(false);
    now += CHECKIN_KEY_TTL_MS - 1;
    expect(checkinTipDue(s, false)).toBe(false);
    now += 1;
    expect(checkinTipDue(s, false)).toBe(true);
  });
});

describe('runTip', () => {
  it('shows a tip for 5 s; cancelling stops the hide', () => {
    vi.useFakeTimers();
    const show = vi.fn();
    const hide = vi.fn();
    runTip(show, hide);
    expect(show).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(TIP_MS - 1);
    expect(hide).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hide).toHaveBeenCalledOnce();
    const hide2 = vi.fn();
    const cancel = runTip(vi.fn(), hide2);
    cancel();
    vi.advanceTimersByTime(TIP_MS);
    expect(hide2).not.toHaveBeenCalled();
    expect(TIP_MS).toBe(5000);
  });
});
