import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasUnsaved, noUnsavedChanges, setUnsaved, type Editor } from './unsaved';

const step = fc.record({
  editor: fc.constantFrom<Editor>('world', 'info', 'word'),
  dirty: fc.boolean(),
});

describe('unsaved flags', () => {
  it('keeps one flag per editor, and asks while any is set', () => {
    fc.assert(
      fc.property(fc.array(step), (steps) => {
        const last: Record<Editor, boolean> = { world: false, info: false, word: false };
        let flags = noUnsavedChanges;
        for (const s of steps) {
          flags = setUnsaved(flags, s.editor, s.dirty);
          last[s.editor] = s.dirty;
        }
        expect(flags).toEqual(last);
        expect(hasUnsaved(flags)).toBe(last.world || last.info || last.word);
      }),
    );
  });

  it('returns the same object when nothing changes (no re-render)', () => {
    expect(setUnsaved(noUnsavedChanges, 'info', false)).toBe(noUnsavedChanges);
  });
});
