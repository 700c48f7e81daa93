import { isApiError } from '@/core/api-error';
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
export async function saveWithBase<T extends TextFields, R extends { updated_at: number }>(
  durable: Pick<DurableText<T>, 'base' | 'rebase'>,
  fields: T,
  save: (fields: T, base: number | undefined) => Promise<R>,
  /** The text fields of a server copy: the save's answer, or the object a 40920 answers with. */
  textOf: (copy: R) => T,
): Promise<{ answer: R; fields: T } | null> {
  let text = fields;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return { answer: await save(text, durable.base()), fields: text };
    } catch (error) {
      const now =
        isApiError(error) && error.code === CHANGED_ELSEWHERE ? (error.content as R | null) : null;
      if (typeof now?.updated_at !== 'number' || attempt >= MAX_REBASES) throw error;
      const next = await durable.rebase(textOf(now), now.updated_at);
      if (next === null) return null;
      text = next;
    }
  }
}
