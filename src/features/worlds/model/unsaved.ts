/**
 * The separate unsaved-change flags of the world screen (spec 1 §2): the world editor
 * itself (a forbidden word typed but not added), the world-info editor (title, background,
 * cover) and the word editor (the glossary entry form). Leaving asks when any is set.
 */
export type Editor = 'world' | 'info' | 'word';
export type UnsavedFlags = Readonly<Record<Editor, boolean>>;

export const noUnsavedChanges: UnsavedFlags = { world: false, info: false, word: false };

export function setUnsaved(flags: UnsavedFlags, editor: Editor, dirty: boolean): UnsavedFlags {
  return flags[editor] === dirty ? flags : { ...flags, [editor]: dirty };
}

export function hasUnsaved(flags: UnsavedFlags): boolean {
  return flags.world || flags.info || flags.word;
}
