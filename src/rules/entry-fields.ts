import type { EntryDraft } from './world-form-rules';

/**
 * An entry's whole draft as durable text (src/lib/use-durable-text.ts): every field a string,
 * kept at every key and offered back after a reload, a crash or the session's end, the
 * relationship rows and the choices included (a character's rows are only shown while its
 * type is character). Any text reads back as a draft: a kept copy from an older form, or one
 * merged with another tab's, falls back to the defaults where it holds nothing valid.
 */
export interface EntryFields extends Record<string, string> {
  name: string;
  description: string;
  character_target: string;
  /** `relationshipRowsText`: a line per row. */
  relationships: string;
  type: string;
  character_status: string;
  character_age: string;
  /** '' while none is chosen. */
  character_gender: string;
  /** '1' or ''. */
  is_recommended: string;
}

/** A relationship row as the form holds it: the tags as typed. */
export interface RelationshipText {
  name: string;
  /** Tags as typed, separated by commas. */
  tags: string;
  locked: boolean;
}

const flat = (text: string) => text.replace(/[\t\r\n]/g, ' ');

/** The rows as one text: a line per row, its name, tags and lock apart by tabs. */
export function relationshipRowsText(rows: readonly RelationshipText[]): string {
  return rows.map((r) => `${flat(r.name)}\t${flat(r.tags)}\t${r.locked ? '1' : '0'}`).join('\n');
}

/** The rows a `relationshipRowsText` holds. */
export function relationshipRowsOf(text: string | undefined): RelationshipText[] {
  if (!text) return [];
  return text.split('\n').map((line) => {
    const [name = '', tags = '', locked = '0'] = line.split('\t');
    return { name, tags, locked: locked === '1' };
  });
}

/** Tags of a row: split on Chinese or Latin commas and 、, blanks dropped. */
export function tagsOf(text: string): string[] {
  return text
    .split(/[,，、]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T) =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** A draft's field other than the relationship rows (those are `relationships` as text). */
export type EntryFieldKey = Exclude<keyof EntryDraft, 'character_relationships'>;

/** One field's value as durable text: a flag is '1' or '', no choice ('null') is ''. */
export function entryFieldText(value: EntryDraft[EntryFieldKey]): string {
  if (typeof value === 'boolean') return value ? '1' : '';
  return value ?? '';
}

export function entryFields(draft: EntryDraft): EntryFields {
  return {
    name: draft.name,
    description: draft.description,
    character_target: draft.character_target,
    relationships: relationshipRowsText(
      draft.character_relationships.map((r) => ({
        name: r.name,
        locked: r.locked,
        tags: r.relationships.join('，'),
      })),
    ),
    type: draft.type,
    character_status: draft.character_status,
    character_age: draft.character_age,
    character_gender: entryFieldText(draft.character_gender),
    is_recommended: entryFieldText(draft.is_recommended),
  };
}

export function entryDraftOf(fields: Partial<EntryFields>): EntryDraft {
  const gender = oneOf(fields.character_gender, ['male', 'female', 'unknown', ''], '');
  return {
    name: fields.name ?? '',
    description: fields.description ?? '',
    type: oneOf(fields.type, ['normal', 'character'], 'normal'),
    character_status: oneOf(fields.character_status, ['alive', 'dead'], 'alive'),
    character_age: oneOf(fields.character_age, ['youth', 'adult', 'elder', 'unknown'], 'unknown'),
    character_gender: gender === '' ? null : gender,
    is_recommended: fields.is_recommended === '1',
    character_target: fields.character_target ?? '',
    character_relationships: relationshipRowsOf(fields.relationships).map((r) => ({
      name: r.name,
      locked: r.locked,
      relationships: tagsOf(r.tags),
    })),
  };
}
