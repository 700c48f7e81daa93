import { useCallback, useEffect, useRef, useState } from 'react';
import {
  copiesToTakeBack,
  dropCopies,
  keepText,
  PAGE,
  sameFields,
  textSaved,
  type TextCopy,
  type TextFields,
} from './durable-text';

export interface DurableText<T extends TextFields> {
  /** What the fields hold now. */
  values: T;
  /** Changes one field; the copy is kept before this returns (in the change's own task). */
  set: (field: keyof T & string, value: string) => void;
  /**
   * Unsaved text left by an earlier page (a reload, a crash, a closed tab, an ended session)
   * that differs from the server's: the screen offers it back (`restore`) or lets it go
   * (`discard`). Null when there is none, and always in `merge` mode.
   */
  offer: TextCopy<T> | null;
  restore: () => void;
  discard: () => void;
  /**
   * The server now holds `fields`: they become what "unsaved" is judged against, the fields
   * show them, and every copy holding exactly them goes. Given what was `sent`, a field typed
   * in since (while the save was on its way) keeps the newer text, still unsaved and kept.
   */
  saved: (fields: T, sent?: T) => void;
  /**
   * The server's text changed while this one was being edited (another tab or device saved
   * it): the newer server text, until the person chooses. Unedited fields simply show it.
   */
  elsewhere: T | null;
  /** Shows the newer server text in place of the edit (whose copy goes). */
  takeTheirs: () => void;
  /** Keeps the edit, now judged against the newer server text. */
  keepMine: () => void;
}

/**
 * The one way a screen keeps what a person types (`durable-text.ts` says where and how):
 * `scope` names the object (`world:<uid>:<worldId>`), `server` is what the server holds.
 *
 * - Every change is kept at once; a copy equal to the server's text is removed instead.
 * - On mount, copies left by pages that are gone are looked for: in `offer` mode (forms with
 *   a server copy) the newest unsaved one is offered; in `merge` mode (an input with no server
 *   copy, such as the chat's) every distinct one is put back into the field, oldest first,
 *   after anything already typed, and their copies go (this page's copy now holds them).
 * - A scope that turns null (the session ended) keeps the last one: keys typed after the
 *   session ended are kept under the account that typed the rest.
 */
export function useDurableText<T extends TextFields>(
  scope: string | null,
  server: T,
  { mode = 'offer' }: { mode?: 'offer' | 'merge' } = {},
): DurableText<T> {
  const scopeRef = useRef(scope);
  if (scope) scopeRef.current = scope;
  const stableScope = scopeRef.current;
  const serverRef = useRef(server);
  const [values, setValues] = useState<T>(server);
  const latest = useRef(values);
  const [offer, setOffer] = useState<{ copy: TextCopy<T>; pages: string[] } | null>(null);
  const [elsewhere, setElsewhere] = useState<T | null>(null);

  const write = useCallback((next: T) => {
    latest.current = next;
    const at = scopeRef.current;
    if (at) keepText(at, sameFields(next, serverRef.current) ? null : next);
    setValues(next);
  }, []);

  useEffect(() => {
    if (!stableScope) return;
    let current = true;
    void copiesToTakeBack<T>(stableScope).then((copies) => {
      if (!current) return;
      const others = copies.filter((c) => c.page !== PAGE).map((c) => c.page);
      const unsaved = copies.filter((c) => !sameFields(c.fields, serverRef.current));
      if (unsaved.length === 0) {
        dropCopies(stableScope, others);
        return;
      }
      if (mode === 'offer') {
        setOffer({ copy: unsaved[0]!, pages: unsaved.map((c) => c.page) });
        return;
      }
      // merge: every distinct text, oldest first, after what the field holds already.
      const next = { ...latest.current };
      for (const copy of [...unsaved].reverse())
        for (const [field, text] of Object.entries(copy.fields)) {
          const now = next[field] ?? '';
          if (!text || now.includes(text)) continue;
          (next as TextFields)[field] = now ? `${now}\n${text}` : text;
        }
      write(next);
      dropCopies(stableScope, others);
    });
    return () => {
      current = false;
    };
    // Looked for once per object; `mode` does not change for a mounted field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stableScope]);

  // The server's text moved on (a refetch after another tab's save): fields not edited here
  // follow it, edited ones stay; a field both sides changed says so (`elsewhere`) and waits.
  const serverKey = JSON.stringify(server);
  useEffect(() => {
    const next = JSON.parse(serverKey) as T;
    if (sameFields(next, serverRef.current)) return;
    const { merged, conflict } = mergeFields(serverRef.current, latest.current, next);
    if (conflict) {
      setElsewhere(next);
      return;
    }
    serverRef.current = next;
    write(merged);
    setElsewhere(null);
  }, [serverKey, write]);

  const set = useCallback(
    (field: keyof T & string, value: string) => write({ ...latest.current, [field]: value }),
    [write],
  );

  const restore = useCallback(() => {
    if (!offer) return;
    write({ ...offer.copy.fields });
    if (scopeRef.current)
      dropCopies(
        scopeRef.current,
        offer.pages.filter((p) => p !== PAGE),
      );
    setOffer(null);
  }, [offer, write]);

  const discard = useCallback(() => {
    if (!offer) return;
    if (scopeRef.current) dropCopies(scopeRef.current, offer.pages);
    setOffer(null);
  }, [offer]);

  const saved = useCallback(
    (fields: T, sent?: T) => {
      serverRef.current = fields;
      if (scopeRef.current) textSaved(scopeRef.current, fields);
      setElsewhere(null);
      const now = latest.current;
      const next = { ...fields };
      if (sent)
        for (const key of Object.keys(now) as (keyof T & string)[])
          if ((now[key] ?? '') !== (sent[key] ?? '')) next[key] = now[key];
      write(next);
    },
    [write],
  );

  const takeTheirs = useCallback(() => {
    if (!elsewhere) return;
    serverRef.current = elsewhere;
    write({ ...elsewhere });
    setElsewhere(null);
  }, [elsewhere, write]);

  const keepMine = useCallback(() => {
    if (!elsewhere) return;
    const { merged } = mergeFields(serverRef.current, latest.current, elsewhere);
    serverRef.current = elsewhere;
    write(merged);
    setElsewhere(null);
  }, [elsewhere, write]);

  return {
    values,
    set,
    offer: offer?.copy ?? null,
    restore,
    discard,
    saved,
    elsewhere,
    takeTheirs,
    keepMine,
  };
}

/**
 * Three-way, field by field: `theirs` where this page left the field as it was (`base`), the
 * edit (`mine`) where it did not; `conflict` when both changed one field differently.
 */
function mergeFields<T extends TextFields>(base: T, mine: T, theirs: T) {
  const merged = { ...theirs } as TextFields;
  let conflict = false;
  for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
    const was = base[key] ?? '';
    const edit = mine[key] ?? '';
    if (edit === was) continue;
    merged[key] = edit;
    const now = theirs[key] ?? '';
    if (now !== was && now !== edit) conflict = true;
  }
  return { merged: merged as T, conflict };
}
