/**
 * The upload state machine of spec 1 §4, pure: request access, check its status code, post the
 * form to the returned url, then poll the result once per second until it is done. passed true
 * is success, passed false a sensitive image; after 60 polls without a result the attempt is
 * abandoned without a message.
 */

export const POLL_INTERVAL_MS = 1000;
export const MAX_POLLS = 60;

export interface Access {
  status: number;
  params: Record<string, string>;
  url: string;
}

export interface PollAnswer {
  status: 'done' | 'pending';
  passed: boolean;
  url?: string;
  /** The stored image's id (inferred contract field): known while it is still pending. */
  image_id?: string;
}

/** Why an upload failed; `access` keeps the call's error so its message comes from (call, code). */
export type UploadFailure =
  | { kind: 'noFileReader' }
  | { kind: 'notImage' }
  | { kind: 'access'; code: number | null; status: number; error: unknown }
  | { kind: 'accessStatus'; status: number }
  | { kind: 'tooLarge' }
  | { kind: 'postStatus'; status: number }
  | { kind: 'sensitive' }
  | { kind: 'pollFailed' };

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'requesting' }
  | { phase: 'posting'; access: Access; percent: number }
  | { phase: 'polling'; queryId: string; polls: number; imageId?: string }
  /** `imageId`: the stored image, when the server named it (a report sends it as its file id). */
  | { phase: 'done'; url: string | null; imageId?: string }
  | { phase: 'failed'; failure: UploadFailure }
  /** `imageId` (when the server named it) lets the audit dialog ask about it later. */
  | { phase: 'abandoned'; polls: number; imageId?: string };

export type UploadEvent =
  | { type: 'fileRejected'; failure: Extract<UploadFailure, { kind: 'noFileReader' | 'notImage' }> }
  | { type: 'started' }
  | { type: 'accessAnswered'; access: Access }
  | { type: 'accessRefused'; code: number | null; status: number; error: unknown }
  | { type: 'progressed'; loaded: number; total: number }
  | { type: 'posted'; queryId: string }
  | { type: 'postRefused'; status: number }
  | { type: 'polled'; answer: PollAnswer }
  | { type: 'pollFailed' };

export const initialUploadState: UploadState = { phase: 'idle' };

export function isFinished(state: UploadState): boolean {
  return state.phase === 'done' || state.phase === 'failed' || state.phase === 'abandoned';
}

/** The percentage shown while the form is posted (0-100, whole numbers). */
export function percentOf(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  if (event.type === 'fileRejected') {
    return state.phase === 'idle' ? { phase: 'failed', failure: event.failure } : state;
  }
  switch (state.phase) {
    case 'idle':
      return event.type === 'started' ? { phase: 'requesting' } : state;
    case 'requesting':
      if (event.type === 'accessAnswered') {
        // Spec 1 §4: the access status code is checked before anything is posted.
        return event.access.status === 0
          ? { phase: 'posting', access: event.access, percent: 0 }
          : { phase: 'failed', failure: { kind: 'accessStatus', status: event.access.status } };
      }
      if (event.type === 'accessRefused') {
        const { code, status, error } = event;
        return { phase: 'failed', failure: { kind: 'access', code, status, error } };
      }
      return state;
    case 'posting':
      if (event.type === 'progressed') {
        const percent = percentOf(event.loaded, event.total);
        return percent === state.percent ? state : { ...state, percent };
      }
      if (event.type === 'posted') return { phase: 'polling', queryId: event.queryId, polls: 0 };
      if (event.type === 'postRefused') {
        // Spec 1 §5: 400 is the image-too-large error, any other status update_image_error.
        const failure: UploadFailure =
          event.status === 400
            ? { kind: 'tooLarge' }
            : { kind: 'postStatus', status: event.status };
        return { phase: 'failed', failure };
      }
      return state;
    case 'polling': {
      if (event.type === 'pollFailed') return { phase: 'failed', failure: { kind: 'pollFailed' } };
      if (event.type !== 'polled') return state;
      const polls = state.polls + 1;
      const imageId = event.answer.image_id ?? state.imageId;
      const known = imageId ? { imageId } : {};
      if (event.answer.status === 'done') {
        return event.answer.passed
          ? { phase: 'done', url: event.answer.url ?? null, ...known }
          : { phase: 'failed', failure: { kind: 'sensitive' } };
      }
      return polls >= MAX_POLLS
        ? { phase: 'abandoned', polls, ...known }
        : { ...state, polls, ...known };
    }
    default:
      return state;
  }
}
