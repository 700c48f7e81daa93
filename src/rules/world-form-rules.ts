import { isTooLong } from './text-count';
import { ENTRY_LIMITS, WORLD_LIMITS } from './world-form-limits';

/**
 * Pure checks of the world and entry forms (spec 1 §5). Each returns the `worlds:` i18n key
 * of the first problem, or null; the form shows it at the field before anything is sent.
 */
export type ErrorKey = `worlds:errors.${string}`;

export function checkTitle(title: string): ErrorKey | null {
  if (!title.trim()) return 'worlds:errors.titleRequired';
  if (isTooLong(title.trim(), WORLD_LIMITS.title)) return 'worlds:errors.titleTooLong';
  return null;
}

export function checkBackground(background: string): ErrorKey | null {
  return isTooLong(background, WORLD_LIMITS.background) ? 'worlds:errors.backgroundTooLong' : null;
}

const sameWord = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A word to add to `existing`: 1-10 characters, not already listed, at most 20 in all. */
export function checkForbiddenWord(word: string, existing: readonly string[]): ErrorKey | null {
  const w = word.trim();
  if (!w) return 'worlds:errors.wordRequired';
  if ([...w].length > WORLD_LIMITS.forbiddenWord) return 'worlds:errors.wordTooLong';
  if (existing.some((e) => sameWord(e, w))) return 'worlds:errors.wordDuplicate';
  if (existing.length >= WORLD_LIMITS.forbiddenWords) return 'worlds:errors.wordsFull';
  return null;
}

/** Only Chinese, English, digits and （）／・ (spec 1 §5). */
const CHARACTER_NAME = /^[\p{Script=Han}A-Za-z0-9（）／・]+$/u;

export function isCharacterName(name: string): boolean {
  return CHARACTER_NAME.test(name);
}

export type Gender = 'male' | 'female' | 'unknown';

export interface RelationshipDraft {
  name: string;
  locked: boolean;
  relationships: string[];
}

export interface EntryDraft {
  name: string;
  description: string;
  type: 'normal' | 'character';
  character_status: 'alive' | 'dead';
  character_age: 'youth' | 'adult' | 'elder' | 'unknown';
  character_gender: Gender | null;
  is_recommended: boolean;
  character_target: string;
  character_relationships: RelationshipDraft[];
}

export type EntryField = 'name' | 'description' | 'target' | 'relationships';
export type EntryErrors = Partial<Record<EntryField, ErrorKey>>;

export function checkRelationshipTag(tag: string): ErrorKey | null {
  if (!tag.trim()) return 'worlds:errors.tagRequired';
  if (isTooLong(tag.trim(), ENTRY_LIMITS.relationshipTag)) return 'worlds:errors.tagTooLong';
  return null;
}

function checkRelationships(draft: EntryDraft, name: string): ErrorKey | null {
  const list = draft.character_relationships;
  if (list.length > ENTRY_LIMITS.relationships) return 'worlds:errors.relationshipsTooMany';
  const seen = new Set<string>();
  for (const r of list) {
    const other = r.name.trim();
    if (!other) return 'worlds:errors.relationshipNameRequired';
    if (other === name) return 'worlds:errors.relationshipSelf';
    if (!isCharacterName(other)) return 'worlds:errors.relationshipNameChars';
    if (seen.has(other)) return 'worlds:errors.relationshipDuplicate';
    seen.add(other);
    for (const tag of r.relationships) {
      const problem = checkRelationshipTag(tag);
      if (problem) return problem;
    }
  }
  return null;
}

/** Every problem of an entry, one per field; empty when it may be sent. */
export function checkEntry(draft: EntryDraft): EntryErrors {
  const errors: EntryErrors = {};
  const name = draft.name.trim();
  const character = draft.type === 'character';
  if (draft.name && !name) errors.name = 'worlds:errors.nameBlank';
  else if (!name && character) errors.name = 'worlds:errors.nameRequired';
  else if (!name && !draft.description.trim()) errors.name = 'worlds:errors.nameOrDescription';
  else if (isTooLong(name, ENTRY_LIMITS.name)) errors.name = 'worlds:errors.nameTooLong';
  else if (character && !isCharacterName(name)) errors.name = 'worlds:errors.nameChars';
  if (isTooLong(draft.description, ENTRY_LIMITS.description))
    errors.description = 'worlds:errors.descriptionTooLong';
  if (character) {
    if (isTooLong(draft.character_target, ENTRY_LIMITS.target))
      errors.target = 'worlds:errors.targetTooLong';
    const rel = checkRelationships(draft, name);
    if (rel) errors.relationships = rel;
  }
  return errors;
}

export const emptyEntryDraft = (type: EntryDraft['type'] = 'normal'): EntryDraft => ({
  name: '',
  description: '',
  type,
  character_status: 'alive',
  character_age: 'unknown',
  character_gender: null,
  is_recommended: false,
  character_target: '',
  character_relationships: [],
});
