import { isApiError } from '@/api/api-error';
import type { TextFields } from '@/lib/durable-text';
import type { DurableText } from '@/lib/use-durable-text';

/** The code of a save refused because the server holds a newer version than its base. */
export const CHANGED_ELSEWHERE = 40920;

/** How many times a save goes again after a refusal for a newer version before it gives up. */
const MAX_REBASES = 3;

/**
 * One save of a text with a server version (a world, a glossary entry, a message): it
 * carries the version the text was based on (`durable.base()`); when the server holds a
 * newer one (40920, answered with the server's copy), the durable text merges it in or
 * asks the person (`DurableText.rebase`), and the save goes again with what they chose.
 * Never the last write silently winning: resolves with the save's answer, or null when the
 * person took the server's text (nothing left to save). Other failures are thrown as they
 * came; a conflict that keeps coming back is thrown after `MAX_REBASES` tries.
 */
export async function saveWithBase<T extends TextFields, R>(
  durable: Pick<DurableText<T>, 'base' | 'rebase'>,
  fields: T,
  save: (fields: T, base: number | undefined) => Promise<R>,
  /** The server's copy in a 40920 answer's content: its text fields and version. */
  current: (content: unknown) => { fields: T; version: number } | null,
): Promise<{ answer: R; fields: T } | null> {
  let text = fields;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return { answer: await save(text, durable.base()), fields: text };
    } catch (error) {
      const theirs =
        isApiError(error) && error.code === CHANGED_ELSEWHERE ? current(error.content) : null;
      if (!theirs || attempt >= MAX_REBASES) throw error;
      const next = await durable.rebase(theirs.fields, theirs.version);
      if (next === null) return null;
      text = next;
    }
  }
}
