import { useSyncExternalStore } from 'react';

/**
 * Open dialogs and sliders. Kept outside Redux because dialog props may carry callbacks
 * (a cropper's onConfirm, a login's onSuccess), which do not belong in serialisable state.
 */
export interface OpenDialog {
  /** Unique per opening: used as React key, so re-opening re-mounts (spec 1 §2 login). */
  id: number;
  name: string;
  props: Record<string, unknown>;
}

/** Destroyed on every route change (spec 1 §2) — story, AI, pay-QR — and closed on it — nickname, user-info, record. */
export const CLOSED_ON_ROUTE_CHANGE = new Set([
  'story',
  'ai',
  'payQr',
  'nickname',
  'userInfo',
  'record',
]);
/** Only one of these exists: a new one replaces the earlier one. */
const SINGLETONS = new Set(['login']);

let dialogs: readonly OpenDialog[] = [];
let seq = 0;
const listeners = new Set<() => void>();

function emit(next: readonly OpenDialog[]) {
  dialogs = next;
  for (const l of listeners) l();
}

export const dialogStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => dialogs,
  open(name: string, props: Record<string, unknown> = {}): number {
    seq += 1;
    const base = SINGLETONS.has(name) ? dialogs.filter((d) => d.name !== name) : dialogs;
    emit([...base, { id: seq, name, props }]);
    return seq;
  },
  close(id: number) {
    if (dialogs.some((d) => d.id === id)) emit(dialogs.filter((d) => d.id !== id));
  },
  closeByName(name: string) {
    if (dialogs.some((d) => d.name === name)) emit(dialogs.filter((d) => d.name !== name));
  },
  routeChanged() {
    if (dialogs.some((d) => CLOSED_ON_ROUTE_CHANGE.has(d.name))) {
      emit(dialogs.filter((d) => !CLOSED_ON_ROUTE_CHANGE.has(d.name)));
    }
  },
  isOpen: (name: string) => dialogs.some((d) => d.name === name),
  reset() {
    emit([]);
  },
};

export function useOpenDialogs(): readonly OpenDialog[] {
  return useSyncExternalStore(
    dialogStore.subscribe,
    dialogStore.getSnapshot,
    dialogStore.getSnapshot,
  );
}

export const openDialog = dialogStore.open;
export const closeDialog = dialogStore.close;
