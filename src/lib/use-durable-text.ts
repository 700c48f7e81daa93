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
  /** The fields differ from the server's text: this page holds unsaved text. */
  dirty: boolean;
  /**
   * The person chose to throw the edit away (a dialog's 放弃): the fields show the server's
   * text again and this page's copy goes, so nothing comes back when the form reopens.
   */
  revert: () => void;
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
  saved: (fields: T, options?: { version?: number; sent?: T }) => void;
  /**
   * The server's text changed while this one was being edited (another tab or device saved
   * it): the newer server text, until the person chooses. Unedited fields simply show it.
   */
  elsewhere: T | null;
  /** Shows the newer server text in place of the edit (whose copy goes). */
  takeTheirs: () => void;
  /** Keeps the edit where the fields were edited here, the newer server text elsewhere. */
  keepMine: () => void;
  /** Whether the two versions are to be shown side by side now (`ConflictDialog`). */
  comparing: boolean;
  /** Shows the two versions side by side. */
  compare: () => void;
  /**
   * The person chose (`ConflictDialog`): `fields` go on from the newer server text (its
   * version becomes the base), and a save waiting on the choice (`rebase`) goes on with them.
   */
  resolve: (fields: T) => void;
  /** The server version the fields are judged against (`version` of the options). */
  base: () => number | undefined;
  /**
   * A save was refused because the server holds a newer version (40920, with that version):
   * fields the other side did not change are merged in and the promise gives the text to
   * save again; when both changed one field, the two versions are shown and the promise
   * waits for the person's choice (null when they took the server's: nothing to save).
   */
  rebase: (server: T, version: number) => Promise<T | null>;
}

/**
 * The one way a screen keeps what a person types (`durable-text.ts` says where and how):
 * `scope` names the object (`world:<uid>:<worldId>`), `server` is what the server holds.
 *
 * - Every change is kept at once; a copy equal to the server's text is removed instead.
 * - On mount, copies left by pages that are gone are looked for: in `offer` mode (forms with
 *   a server copy) the newest unsaved one is offered; in `merge` mode (an input with no server
 *   copy, such as the chat's) every distinct one is put back into the field, oldest first,
 *   after anything already typed (a field still as the server has it takes the text), and
 *   their copies go (this page's copy now holds them).
 * - A scope that turns null (the session ended) keeps the last one: keys typed after the
 *   session ended are kept under the account that typed the rest.
 */
export function useDurableText<T extends TextFields>(
  scope: string | null,
  server: T,
  {
    mode = 'offer',
    version,
  }: {
    mode?: 'offer' | 'merge';
    /**
     * The server's version of `server` (its `updated_at`), for texts whose saves carry the
     * version they were based on: a newer one arriving with the same text only moves the base.
     */
    version?: number;
  } = {},
): DurableText<T> {
  const scopeRef = useRef(scope);
  if (scope) scopeRef.current = scope;
  const stableScope = scopeRef.current;
  const serverRef = useRef(server);
  const [values, setValues] = useState<T>(server);
  const [dirty, setDirty] = useState(false);
  const latest = useRef(values);
  const [offer, setOffer] = useState<{ copy: TextCopy<T>; pages: string[] } | null>(null);
  const versionRef = useRef(version);
  const [conflict, setConflict] = useState<{
    theirs: T;
    version: number | undefined;
    comparing: boolean;
  } | null>(null);
  /** A save refused for a newer version waits on the person's choice (`rebase`). */
  const waiting = useRef<((fields: T | null) => void) | null>(null);

  const write = useCallback((next: T) => {
    latest.current = next;
    const at = scopeRef.current;
    const unsaved = !sameFields(next, serverRef.current);
    if (at) keepText(at, unsaved ? next : null);
    setValues(next);
    setDirty(unsaved);
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
      // merge: every distinct text, oldest first, after what the field holds already; a
      // field still as the server has it (empty, or a form's default choice) takes the text.
      const next = { ...latest.current };
      for (const copy of [...unsaved].reverse())
        for (const [field, text] of Object.entries(copy.fields)) {
          const now = next[field] ?? '';
          if (!text || now.includes(text)) continue;
          const untouched = now === '' || now === serverRef.current[field];
          (next as TextFields)[field] = untouched ? text : `${now}\n${text}`;
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

  /**
   * A newer server text (`next`, at `nextVersion`) against this page's edit: fields not edited
   * here follow it, edited ones stay (then true); a field both sides changed is a conflict
   * (then false: `elsewhere` says so and waits).
   */
  const moveOn = useCallback(
    (next: T, nextVersion: number | undefined, comparing: boolean): boolean => {
      if (sameFields(next, serverRef.current)) {
        versionRef.current = nextVersion;
        return true;
      }
      const { merged, conflict: both } = mergeFields(serverRef.current, latest.current, next);
      if (both) {
        setConflict((was) => ({
          theirs: next,
          version: nextVersion,
          comparing: comparing || (was?.comparing ?? false),
        }));
        return false;
      }
      serverRef.current = next;
      versionRef.current = nextVersion;
      write(merged);
      setConflict(null);
      return true;
    },
    [write],
  );

  // The server's text moved on (a refetch after another tab's save): fields not edited here
  // follow it, edited ones stay; a field both sides changed says so (`elsewhere`) and waits.
  const serverKey = JSON.stringify(server);
  useEffect(() => {
    moveOn(JSON.parse(serverKey) as T, version, false);
  }, [serverKey, version, moveOn]);

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
    (fields: T, { version: savedVersion, sent }: { version?: number; sent?: T } = {}) => {
      serverRef.current = fields;
      versionRef.current = savedVersion ?? versionRef.current;
      if (scopeRef.current) textSaved(scopeRef.current, fields);
      setConflict(null);
      const now = latest.current;
      const next = { ...fields };
      if (sent)
        for (const key of Object.keys(now) as (keyof T & string)[])
          if ((now[key] ?? '') !== (sent[key] ?? '')) next[key] = now[key];
      write(next);
    },
    [write],
  );

  const compare = useCallback(
    () => setConflict((was) => (was ? { ...was, comparing: true } : was)),
    [],
  );

  const resolve = useCallback(
    (fields: T) => {
      if (!conflict) return;
      serverRef.current = conflict.theirs;
      versionRef.current = conflict.version;
      write({ ...fields });
      setConflict(null);
      const next = waiting.current;
      waiting.current = null;
      next?.(sameFields(fields, conflict.theirs) ? null : { ...fields });
    },
    [conflict, write],
  );

  const revert = useCallback(() => {
    // A newer server text waiting for a choice is what the fields go back to.
    if (conflict) {
      serverRef.current = conflict.theirs;
      versionRef.current = conflict.version;
    }
    write({ ...serverRef.current });
    setConflict(null);
    const next = waiting.current;
    waiting.current = null;
    next?.(null);
  }, [conflict, write]);

  const takeTheirs = useCallback(() => {
    if (conflict) resolve({ ...conflict.theirs });
  }, [conflict, resolve]);

  const keepMine = useCallback(() => {
    if (conflict) resolve(mergeFields(serverRef.current, latest.current, conflict.theirs).merged);
  }, [conflict, resolve]);

  const base = useCallback(() => versionRef.current, []);

  const rebase = useCallback(
    (theirs: T, theirVersion: number) => {
      if (moveOn(theirs, theirVersion, true))
        return Promise.resolve(sameFields(latest.current, theirs) ? null : { ...latest.current });
      return new Promise<T | null>((done) => {
        waiting.current?.(null);
        waiting.current = done;
      });
    },
    [moveOn],
  );

  return {
    values,
    set,
    dirty,
    revert,
    offer: offer?.copy ?? null,
    restore,
    discard,
    saved,
    elsewhere: conflict?.theirs ?? null,
    takeTheirs,
    keepMine,
    comparing: conflict?.comparing ?? false,
    compare,
    resolve,
    base,
    rebase,
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
