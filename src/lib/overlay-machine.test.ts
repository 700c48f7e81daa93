import { describe, it, expect } from 'vitest';
import { createNextState } from '@reduxjs/toolkit';
import {
  closeOverlay,
  initialOverlayState,
  openOverlay,
  type OverlayState,
} from './overlay-machine';

describe('openOverlay', () => {
  it('starts closed', () => {
    expect(initialOverlayState).toEqual({ current: null, seq: 0 });
  });

  it('opens with the default style and no text', () => {
    const s = openOverlay(initialOverlayState);
    expect(s).toEqual({ current: { id: 1, styleType: 'default' }, seq: 1 });
    expect(s.current && 'text' in s.current).toBe(false);
  });

  it('keeps text and style type', () => {
    expect(
      openOverlay(initialOverlayState, { text: 'Uploading', styleType: 'red' }).current,
    ).toEqual({
      id: 1,
      text: 'Uploading',
      styleType: 'red',
    });
    expect(openOverlay(initialOverlayState, { styleType: 'write' }).current?.styleType).toBe(
      'write',
    );
  });

  it('drops empty text', () => {
    const s = openOverlay(initialOverlayState, { text: '' });
    expect(s.current && 'text' in s.current).toBe(false);
  });

  it('replaces the current overlay with a new id (only one at a time)', () => {
    const a = openOverlay(initialOverlayState, { text: 'a' });
    const b = openOverlay(a, { text: 'b', styleType: 'red' });
    expect(b.current).toEqual({ id: 2, text: 'b', styleType: 'red' });
    expect(a.current?.text).toBe('a'); // input untouched
  });
});

describe('closeOverlay', () => {
  it('closes the current overlay by id', () => {
    const s = openOverlay(initialOverlayState);
    expect(closeOverlay(s, 1)).toEqual({ current: null, seq: 1 });
  });

  it('does not let an older caller close a newer overlay', () => {
    let s: OverlayState = initialOverlayState;
    s = openOverlay(s, { text: 'upload' });
    const uploadId = s.current?.id ?? -1;
    s = openOverlay(s, { text: 'save' });
    const saveId = s.current?.id ?? -1;
    const afterStale = closeOverlay(s, uploadId);
    expect(afterStale).toBe(s);
    expect(afterStale.current?.text).toBe('save');
    expect(closeOverlay(afterStale, saveId).current).toBeNull();
  });

  it('is a no-op when closed or for an unknown id', () => {
    expect(closeOverlay(initialOverlayState, 1)).toBe(initialOverlayState);
    const s = openOverlay(initialOverlayState);
    expect(closeOverlay(s, 99)).toBe(s);
  });

  it('never reuses an id after closing', () => {
    const closed = closeOverlay(openOverlay(initialOverlayState), 1);
    const reopened = openOverlay(closed);
    expect(reopened.current?.id).toBe(2);
    // the first caller closing late does not close the reopened overlay
    expect(closeOverlay(reopened, 1)).toBe(reopened);
  });

  it('works inside an Immer reducer on frozen state', () => {
    const base = Object.freeze(openOverlay(initialOverlayState, { text: 'a' }));
    const next = createNextState(base, (draft) => openOverlay(draft, { styleType: 'write' }));
    expect(next.current).toEqual({ id: 2, styleType: 'write' });
    expect(createNextState(next, (draft) => closeOverlay(draft, 1))).toBe(next);
  });
});
