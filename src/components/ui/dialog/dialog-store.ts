import { useSyncExternalStore } from 'react';
import { clock, type TimerId } from '@/lib/clock';
import type { DialogMap, DialogPropsArg, DialogRegistry, OwnProps } from './dialog-registry';
import { openModalLayerCount, subscribeModalLayers } from './modal-layer';

/**
 * Open dialogs and sliders. Kept outside Redux because dialog props may carry callbacks
 * (a cropper's onConfirm, a login's onSuccess), which do not belong in serialisable state.
 */
export type OpenDialog<M = DialogMap> = {
  [K in keyof M]: {
    /** Unique per opening: used as React key, so re-opening re-mounts (spec 1 §2 login). */
    id: number;
    name: K;
    props: OwnProps<M[K]>;
  };
}[keyof M];

export interface DialogStore<M> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly OpenDialog<M>[];
  /** The registry the host renders from and whose rules (single, route change) apply. */
  registry(): Partial<DialogRegistry<M>>;
  install(registry: DialogRegistry<M>): void;
  /**
   * Opens a dialog and returns its id. A registered name already open (or waiting) is not
   * opened again: the open one's id comes back. A 'prompt' waits for its turn.
   */
  open<K extends keyof M & string>(name: K, ...props: DialogPropsArg<M[K]>): number;
  /**
   * A prompt that is not a dialog (a tip): `show` runs when its turn comes, under the same
   * rules as a 'prompt' dialog. Its owner calls `close(id)` when it is gone (or to give up).
   */
  prompt(show: () => void): number;
  /** Closes an open dialog, ends a shown prompt, or drops one still waiting. */
  close(id: number): void;
  closeByName(name: keyof M & string): void;
  /** Closes every open dialog whose registration says 'close' on a route change. */
  routeChanged(): void;
  isOpen(name: keyof M & string): boolean;
  /** Whether a prompt (dialog or not) is waiting for its turn. */
  isWaiting(id: number): boolean;
  reset(): void;
}

/** After the page was last busy (a dialog or a prompt closed), how long before a prompt shows. */
export const PROMPT_CALM_MS = 1000;

/** The page's dialogs outside this store (a screen's own confirmation): prompts wait for them too. */
export interface OtherModals {
  count(): number;
  subscribe(listener: () => void): () => void;
}

const pageModals: OtherModals = {
  count: openModalLayerCount,
  subscribe: subscribeModalLayers,
};

export interface DialogStoreOptions {
  otherModals?: OtherModals;
  calmMs?: number;
}

interface Waiting {
  id: number;
  /** The dialog's name, or null for a prompt that is not a dialog. */
  name: string | null;
  start: () => void;
}

/**
 * A store for the dialogs of map `M`. Without a registry nothing is rendered and no rule
 * applies; the app installs its registry once (src/app/dialogs.ts).
 *
 * It is also the one place that decides which pop-up may show now. Prompts (promotional or
 * informational: registered with role 'prompt', or `prompt()` for a tip) queue up and show one
 * at a time, only while no other dialog is open (this store's or the page's own) and after
 * `calmMs` of quiet; a 'blocking' dialog (ban, forced bind-phone, login) sends a shown prompt
 * dialog back to the head of the queue.
 */
export function createDialogStore<M>(
  initial?: DialogRegistry<M>,
  { otherModals = pageModals, calmMs = PROMPT_CALM_MS }: DialogStoreOptions = {},
): DialogStore<M> {
  let registry: Partial<DialogRegistry<M>> = initial ?? {};
  let dialogs: readonly OpenDialog<M>[] = [];
  let seq = 0;
  const listeners = new Set<() => void>();
  /** Prompts waiting for their turn, first first. */
  let queue: Waiting[] = [];
  /** The prompt showing now (a dialog's id or a tip's), if any. */
  let active: { id: number; dialog: boolean } | null = null;
  let calm: TimerId | null = null;
  let unwatchModals: (() => void) | null = null;

  const ruleOf = (name: keyof M) => registry[name];

  function busy() {
    return active !== null || dialogs.length > 0 || otherModals.count() > 0;
  }

  /** Shows the next prompt if the page is free and has been quiet. */
  function pump() {
    if (calm !== null || busy()) return;
    const next = queue.shift();
    watchModals();
    if (!next) return;
    active = { id: next.id, dialog: next.name !== null };
    next.start();
  }

  /** Something closed: once the page is free, the next prompt shows after the calm. */
  function settle() {
    if (!queue.length || busy()) return;
    if (calm !== null) clock.clearTimeout(calm);
    calm = clock.setTimeout(() => {
      calm = null;
      pump();
    }, calmMs);
  }

  // The page's own dialogs are watched only while a prompt waits.
  function watchModals() {
    if (queue.length && !unwatchModals) unwatchModals = otherModals.subscribe(settle);
    else if (!queue.length && unwatchModals) {
      unwatchModals();
      unwatchModals = null;
    }
  }

  function enqueue(item: Waiting) {
    queue.push(item);
    watchModals();
    pump();
  }

  function emit(next: readonly OpenDialog<M>[]) {
    dialogs = next;
    if (active?.dialog && !next.some((d) => d.id === active!.id)) active = null;
    for (const l of listeners) l();
    settle();
  }

  function show(entry: OpenDialog<M>) {
    emit([...dialogs, entry]);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => dialogs,
    registry: () => registry,
    install(next) {
      registry = next;
    },
    open(name, ...args) {
      const rule = ruleOf(name);
      if (rule && !rule.single && !rule.multiple) {
        const same = dialogs.find((d) => d.name === name) ?? queue.find((w) => w.name === name);
        if (same) return same.id;
      }
      seq += 1;
      const entry = { id: seq, name, props: args[0] ?? {} } as unknown as OpenDialog<M>;
      if (rule?.role === 'prompt') {
        enqueue({ id: seq, name, start: () => show(entry) });
        return seq;
      }
      let base = rule?.single ? dialogs.filter((d) => d.name !== name) : dialogs;
      if (rule?.role === 'blocking') {
        const prompts = base.filter((d) => ruleOf(d.name)?.role === 'prompt');
        base = base.filter((d) => ruleOf(d.name)?.role !== 'prompt');
        // Sent back to wait: shown again (re-mounted) once the blocking dialogs are gone.
        const back = prompts.map((d) => ({ id: d.id, name: String(d.name), start: () => show(d) }));
        queue = [...back, ...queue];
        watchModals();
      }
      emit([...base, entry]);
      return seq;
    },
    prompt(start) {
      seq += 1;
      enqueue({ id: seq, name: null, start });
      return seq;
    },
    close(id) {
      if (queue.some((w) => w.id === id)) {
        queue = queue.filter((w) => w.id !== id);
        watchModals();
        return;
      }
      if (active?.id === id && !active.dialog) {
        active = null;
        settle();
        return;
      }
      if (dialogs.some((d) => d.id === id)) emit(dialogs.filter((d) => d.id !== id));
    },
    closeByName(name) {
      queue = queue.filter((w) => w.name !== name);
      watchModals();
      if (dialogs.some((d) => d.name === name)) emit(dialogs.filter((d) => d.name !== name));
    },
    routeChanged() {
      const closes = (name: keyof M) => ruleOf(name)?.onRouteChange === 'close';
      queue = queue.filter((w) => w.name === null || !closes(w.name as keyof M & string));
      watchModals();
      if (dialogs.some((d) => closes(d.name))) emit(dialogs.filter((d) => !closes(d.name)));
    },
    isOpen: (name) => dialogs.some((d) => d.name === name),
    isWaiting: (id) => queue.some((w) => w.id === id),
    reset() {
      queue = [];
      active = null;
      if (calm !== null) clock.clearTimeout(calm);
      calm = null;
      watchModals();
      if (dialogs.length) emit([]);
    },
  };
}

/** The app's dialogs: every name a feature declared in `DialogMap`. */
export const dialogStore = createDialogStore<DialogMap>();

export function useOpenDialogs<M = DialogMap>(
  store: DialogStore<M> = dialogStore as unknown as DialogStore<M>,
): readonly OpenDialog<M>[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** Opens a dialog by name; the name fixes the props' type (`DialogMap`). Returns its id. */
export const openDialog = dialogStore.open;
export const closeDialog = dialogStore.close;
