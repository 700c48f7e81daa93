import { isApiError } from '@/core/api-error';

/** A field of the chat's entry form, or the form as a whole. */
export type EntryFormField = 'name' | 'description' | 'target' | 'form';

/**
 * Which field a refused entry save belongs to (a world's codes, spec 1 §8), so the message
 * shows where the player typed; 40404 (the entry was deleted) and anything else are the form's.
 */
const FIELDS: Record<number, EntryFormField> = {
  42200: 'name',
  42206: 'name',
  42256: 'name',
  42207: 'description',
  42257: 'target',
};

export function entryFieldOfError(error: unknown): EntryFormField {
  if (!isApiError(error) || error.code === null) return 'form';
  return FIELDS[error.code] ?? 'form';
}

/** The entry is gone (40404): the editor closes it and the list is read again. */
export function isEntryDeleted(error: unknown): boolean {
  return isApiError(error) && error.code === 40404;
}
