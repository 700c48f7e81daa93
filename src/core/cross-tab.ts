import type { Action } from '@reduxjs/toolkit';
import {
  credentialsReceived,
  sessionEnded,
  tokensRefreshed,
  type SessionState,
} from './session-slice';

/**
 * One refresh per browser, not per tab (spec 2 §4 + rotation: a refresh token works once, so
 * two tabs refreshing with it would log one of them out). Tabs take a Web Lock around the
 * refresh; the winner's new pair reaches the others by BroadcastChannel, and by the persisted
 * session for a tab that asks after the message went by. Where either API is missing (old
 * browsers, jsdom) the tab falls back to its own in-tab coalescing.
 */
export const REFRESH_LOCK_NAME = 'inkworld:token-refresh';
export const SESSION_CHANNEL_NAME = 'inkworld:session';

export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface PersistedPair {
  uid: string;
  accessToken: string;
  refreshToken: string | null;
}

export interface CrossTabTransport {
  locks: LockManagerLike | null;
  channel: ChannelLike | null;
  /** The session as another tab last persisted it. */
  readPersisted: () => PersistedPair | null;
}

export type SessionMessage =
  | { type: 'tokens' | 'login'; uid: string; accessToken: string; refreshToken: string }
  | { type: 'ended'; uid: string };

interface StoreLike {
  dispatch: (action: Action) => unknown;
  getState: () => unknown;
  subscribe: (listener: () => void) => () => void;
}

/** What the refresh code of one tab (one store) uses. */
export interface TabLink {
  withRefreshLock<T>(run: () => Promise<T>): Promise<T>;
  readPersisted(): PersistedPair | null;
}

/** Keyed by the store's getState: the base query receives that same function. */
const tabs = new WeakMap<object, TabLink>();

export function tabLinkFor(getState: object): TabLink | undefined {
  return tabs.get(getState);
}

/** The browser's own APIs, each null where it does not exist. */
export function browserTransport(readPersisted: () => PersistedPair | null): CrossTabTransport {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  const locks = (nav as { locks?: LockManagerLike } | undefined)?.locks ?? null;
  let channel: ChannelLike | null = null;
  if (typeof BroadcastChannel !== 'undefined') {
    try {
      channel = new BroadcastChannel(SESSION_CHANNEL_NAME);
    } catch {
      channel = null;
    }
  }
  return {
    locks: locks && typeof locks.request === 'function' ? locks : null,
    channel,
    readPersisted,
  };
}

function isMessage(data: unknown): data is SessionMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  if (typeof m.uid !== 'string') return false;
  if (m.type === 'ended') return true;
  return (
    (m.type === 'tokens' || m.type === 'login') &&
    typeof m.accessToken === 'string' &&
    typeof m.refreshToken === 'string'
  );
}

/**
 * Links a store to the other tabs: announces its logins, new pairs and logouts, applies theirs.
 * A login in one tab signs in every tab without a session, except a tab whose screen waits for
 * another account (its session ended without a logout, `endedUid`): what it holds is not the
 * new account's. Returns a disconnect function.
 */
export function connectTab(store: StoreLike, transport: CrossTabTransport): () => void {
  const session = () => (store.getState() as { session: SessionState }).session;
  const { locks, channel } = transport;
  let applyingRemote = false;

  tabs.set(store.getState, {
    withRefreshLock: (run) => (locks ? locks.request(REFRESH_LOCK_NAME, run) : run()),
    readPersisted: transport.readPersisted,
  });

  const onMessage = (event: { data: unknown }) => {
    const message = event.data;
    if (!isMessage(message)) return;
    const current = session();
    if (message.type === 'login') {
      if (current.accessToken || (current.endedUid && current.endedUid !== message.uid)) return;
      applyingRemote = true;
      try {
        store.dispatch(
          credentialsReceived({
            uid: message.uid,
            access_token: message.accessToken,
            refresh_token: message.refreshToken,
          }),
        );
      } finally {
        applyingRemote = false;
      }
      return;
    }
    if (current.uid !== message.uid) return;
    applyingRemote = true;
    try {
      if (message.type === 'tokens') {
        if (current.refreshToken === message.refreshToken) return;
        store.dispatch(
          tokensRefreshed({
            access_token: message.accessToken,
            refresh_token: message.refreshToken,
          }),
        );
      } else {
        store.dispatch(sessionEnded('logout'));
      }
    } finally {
      applyingRemote = false;
    }
  };
  channel?.addEventListener('message', onMessage);

  let last = session();
  const unsubscribe = store.subscribe(() => {
    const next = session();
    const prev = last;
    last = next;
    if (next === prev || applyingRemote || !channel) return;
    if (!prev.accessToken && next.uid && next.accessToken && next.refreshToken) {
      channel.postMessage({
        type: 'login',
        uid: next.uid,
        accessToken: next.accessToken,
        refreshToken: next.refreshToken,
      } satisfies SessionMessage);
    } else if (
      prev.uid &&
      next.uid === prev.uid &&
      next.accessToken &&
      next.refreshToken &&
      next.refreshToken !== prev.refreshToken
    ) {
      channel.postMessage({
        type: 'tokens',
        uid: next.uid,
        accessToken: next.accessToken,
        refreshToken: next.refreshToken,
      } satisfies SessionMessage);
    } else if (prev.uid && !next.uid && next.endedBy === 'logout') {
      channel.postMessage({ type: 'ended', uid: prev.uid } satisfies SessionMessage);
    }
  });

  return () => {
    unsubscribe();
    channel?.removeEventListener('message', onMessage);
    channel?.close();
    tabs.delete(store.getState);
  };
}
