import { useSyncExternalStore } from 'react';
import type { DialogMap, DialogPropsArg, DialogRegistry, OwnProps } from './dialog-registry';

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
  open<K extends keyof M & string>(name: K, ...props: DialogPropsArg<M[K]>): number;
  close(id: number): void;
  closeByName(name: keyof M & string): void;
  /** Closes every open dialog whose registration says 'close' on a route change. */
  routeChanged(): void;
  isOpen(name: keyof M & string): boolean;
  reset(): void;
}

/**
 * A store for the dialogs of map `M`. Without a registry nothing is rendered and no rule
 * applies; the app installs its registry once (src/app/dialogs.ts).
 */
export function createDialogStore<M>(initial?: DialogRegistry<M>): DialogStore<M> {
  let registry: Partial<DialogRegistry<M>> = initial ?? {};
  let dialogs: readonly OpenDialog<M>[] = [];
  let seq = 0;
  const listeners = new Set<() => void>();

  function emit(next: readonly OpenDialog<M>[]) {
    dialogs = next;
    for (const l of listeners) l();
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
      seq += 1;
      const base = registry[name]?.single ? dialogs.filter((d) => d.name !== name) : dialogs;
      emit([...base, { id: seq, name, props: args[0] ?? {} } as unknown as OpenDialog<M>]);
      return seq;
    },
    close(id) {
      if (dialogs.some((d) => d.id === id)) emit(dialogs.filter((d) => d.id !== id));
    },
    closeByName(name) {
      if (dialogs.some((d) => d.name === name)) emit(dialogs.filter((d) => d.name !== name));
    },
    routeChanged() {
      const closes = (d: OpenDialog<M>) => registry[d.name]?.onRouteChange === 'close';
      if (dialogs.some(closes)) emit(dialogs.filter((d) => !closes(d)));
    },
    isOpen: (name) => dialogs.some((d) => d.name === name),
    reset() {
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
