/**
 * Where the chapter's saving stands. Each edit is a new revision; a save carries the
 * revision it sent, so an answer for an older revision never marks newer typing as saved.
 * `failed` keeps the reason; automatic retries happen only for reasons that can pass
 * (network, server, session), not for ones that need the writer (conflict, sensitive, limit).
 */

export type SaveFailure = 'network' | 'server' | 'session' | 'conflict' | 'sensitive' | 'limit';

export interface SaveState {
  revision: number;
  savedRevision: number;
  /** The revision being saved, or null. */
  saving: number | null;
  failure: SaveFailure | null;
}

export const initialSaveState: SaveState = {
  revision: 0,
  savedRevision: 0,
  saving: null,
  failure: null,
};

export type SaveEvent =
  | { type: 'edited' }
  | { type: 'saveStarted' }
  | { type: 'saveSucceeded'; revision: number }
  | { type: 'saveFailed'; revision: number; failure: SaveFailure };

export function saveReducer(state: SaveState, event: SaveEvent): SaveState {
  switch (event.type) {
    case 'edited':
      return { ...state, revision: state.revision + 1 };
    case 'saveStarted':
      return { ...state, saving: state.revision };
    case 'saveSucceeded':
      return {
        ...state,
        saving: null,
        failure: null,
        savedRevision: Math.max(state.savedRevision, event.revision),
      };
    case 'saveFailed':
      return { ...state, saving: null, failure: event.failure };
  }
}

export const isDirty = (s: SaveState) => s.revision !== s.savedRevision;

export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'failed';

export function saveStatus(s: SaveState): SaveStatus {
  if (s.saving !== null) return 'saving';
  if (!isDirty(s)) return 'saved';
  return s.failure ? 'failed' : 'unsaved';
}

export const RETRYABLE: ReadonlySet<SaveFailure> = new Set(['network', 'server', 'session']);

/** Back-off for automatic retries after a failed save: 3 s, 6 s, 12 s … at most 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 3000 * 2 ** Math.max(0, attempt));
}
