import type { EntryDraft } from './world-form-rules';

/**
 * The contract's `EntryBody` and `Entry` as these rules need them (rules import nothing from
 * the API; the generated types fit these shapes). Shared by a world's glossary and an
 * exploration's own copy of its world, whose entries are the same schema.
 */
export type EntryBodyDraft = {
  name: string;
  description: string;
  type: EntryDraft['type'];
  character_status?: EntryDraft['character_status'];
  character_age?: EntryDraft['character_age'];
  character_gender?: Exclude<EntryDraft['character_gender'], null>;
  is_recommended?: boolean;
  character_target?: string;
  character_relationships?: { name: string; locked: boolean; relationships: string[] }[];
};

export type EntryLike = Omit<EntryDraft, 'character_gender'> & {
  character_gender?: EntryDraft['character_gender'];
};

/**
 * What is sent for an entry (spec 1 §5): character fields only when the type is character,
 * gender left out when not chosen, names trimmed.
 */
export function toEntryBody(draft: EntryDraft): EntryBodyDraft {
  const base = { name: draft.name.trim(), description: draft.description, type: draft.type };
  if (draft.type !== 'character') return base;
  return {
    ...base,
    character_status: draft.character_status,
    character_age: draft.character_age,
    ...(draft.character_gender === null ? {} : { character_gender: draft.character_gender }),
    is_recommended: draft.is_recommended,
    character_target: draft.character_target,
    character_relationships: draft.character_relationships.map((r) => ({
      name: r.name.trim(),
      locked: r.locked,
      relationships: r.relationships.map((t) => t.trim()),
    })),
  };
}

/** The form's starting point for an entry the server answered. */
export function toEntryDraft(entry: EntryLike): EntryDraft {
  return {
    name: entry.name,
    description: entry.description,
    type: entry.type,
    character_status: entry.character_status,
    character_age: entry.character_age,
    character_gender: entry.character_gender ?? null,
    is_recommended: entry.is_recommended,
    character_target: entry.character_target,
    character_relationships: entry.character_relationships.map((r) => ({
      ...r,
      relationships: [...r.relationships],
    })),
  };
}
