import { describe, it, expect } from 'vitest';
import { createNextState } from '@reduxjs/toolkit';
import {
  dismissToast,
  initialToastState,
  showToast,
  toastAutoDismissDelay,
  TOAST_DEFAULT_DURATION,
  type ToastState,
} from './toast-machine';

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

describe('showToast', () => {
  it('starts empty', () => {
    expect(initialToastState).toEqual({ current: null, seq: 0 });
  });

  it('applies the defaults: success, 1500 ms, no icon', () => {
    const s = showToast(initialToastState, { msg: 'Saved' });
    expect(s.current).toEqual({ id: 1, msg: 'Saved', type: 'success', duration: 1500 });
    expect(TOAST_DEFAULT_DURATION).toBe(1500);
    expect(s.current && 'icon' in s.current).toBe(false);
    expect(s.seq).toBe(1);
  });

  it('accepts a string as shorthand', () => {
    expect(showToast(initialToastState, 'Hi').current).toMatchObject({
      msg: 'Hi',
      type: 'success',
    });
  });

  it('keeps the given type, duration and icon', () => {
    const s = showToast(initialToastState, {
      msg: 'Oops',
      type: 'error',
      duration: 3000,
      icon: 'warn',
    });
    expect(s.current).toEqual({ id: 1, msg: 'Oops', type: 'error', duration: 3000, icon: 'warn' });
    for (const type of ['info', 'warning'] as const) {
      expect(showToast(initialToastState, { msg: 'x', type }).current?.type).toBe(type);
    }
  });

  it('keeps duration 0 (sticky) and maps Infinity to 0', () => {
    expect(showToast(initialToastState, { msg: 'x', duration: 0 }).current?.duration).toBe(0);
    expect(showToast(initialToastState, { msg: 'x', duration: Infinity }).current?.duration).toBe(
      0,
    );
  });

  it('falls back to the default duration for negative or NaN', () => {
    expect(showToast(initialToastState, { msg: 'x', duration: -1 }).current?.duration).toBe(1500);
    expect(showToast(initialToastState, { msg: 'x', duration: Number.NaN }).current?.duration).toBe(
      1500,
    );
  });

  it('does not show an empty or blank message (same state object back)', () => {
    const s = showToast(initialToastState, 'first');
    expect(showToast(s, { msg: '' })).toBe(s);
    expect(showToast(s, '   \n\t')).toBe(s);
    expect(showToast(s, { msg: undefined as unknown as string })).toBe(s);
    expect(s.current?.msg).toBe('first');
  });

  it('keeps the message text as given (not trimmed)', () => {
    expect(showToast(initialToastState, ' padded ').current?.msg).toBe(' padded ');
  });

  it('replaces the current toast with a new id', () => {
    const a = showToast(initialToastState, 'a');
    const b = showToast(a, { msg: 'b', type: 'error' });
    expect(b.current).toMatchObject({ id: 2, msg: 'b', type: 'error' });
    expect(b.seq).toBe(2);
  });

  it('gives the same message a new id each time', () => {
    const a = showToast(initialToastState, 'same');
    const b = showToast(a, 'same');
    expect(b.current?.id).not.toBe(a.current?.id);
  });

  it('does not mutate its input', () => {
    const s = deepFreeze(showToast(initialToastState, 'a'));
    expect(() => showToast(s, 'b')).not.toThrow();
    expect(s.current?.msg).toBe('a');
  });
});

describe('dismissToast', () => {
  it('closes the current toast by id and keeps the sequence', () => {
    const s = showToast(initialToastState, 'a');
    const d = dismissToast(s, 1);
    expect(d).toEqual({ current: null, seq: 1 });
    // ids keep increasing after a dismiss
    expect(showToast(d, 'b').current?.id).toBe(2);
  });

  it('ignores a stale id so an old timer cannot close a newer toast', () => {
    const a = showToast(initialToastState, 'a');
    const b = showToast(a, 'b');
    const after = dismissToast(b, 1);
    expect(after).toBe(b);
    expect(after.current?.msg).toBe('b');
  });

  it('is a no-op when nothing is shown', () => {
    const s = dismissToast(showToast(initialToastState, 'a'), 1);
    expect(dismissToast(s, 1)).toBe(s);
    expect(dismissToast(initialToastState, 0)).toBe(initialToastState);
  });

  it('plays out a timer race: old timer fires after a replacement', () => {
    let s: ToastState = initialToastState;
    s = showToast(s, { msg: 'first', duration: 1500 });
    const firstId = s.current?.id ?? -1;
    s = showToast(s, { msg: 'second', duration: 0 });
    s = dismissToast(s, firstId); // the first toast's timer, not cleared in time
    expect(s.current?.msg).toBe('second');
  });
});

describe('toastAutoDismissDelay', () => {
  it('returns the duration, or null for a sticky toast', () => {
    const timed = showToast(initialToastState, 'a').current;
    const sticky = showToast(initialToastState, { msg: 'a', duration: 0 }).current;
    expect(timed && toastAutoDismissDelay(timed)).toBe(1500);
    expect(sticky && toastAutoDismissDelay(sticky)).toBeNull();
  });
});

describe('inside an Immer reducer', () => {
  it('works when given a draft', () => {
    const base = deepFreeze(showToast(initialToastState, 'a'));
    const next = createNextState(base, (draft) => showToast(draft, 'b'));
    expect(next.current).toMatchObject({ id: 2, msg: 'b' });
    const same = createNextState(next, (draft) => dismissToast(draft, 1));
    expect(same).toBe(next);
    const closed = createNextState(next, (draft) => dismissToast(draft, 2));
    expect(closed).toEqual({ current: null, seq: 2 });
  });
});
