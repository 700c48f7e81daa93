import { clock } from '@/lib/clock';
import { checkImageFile } from './check-file';
import {
  POLL_INTERVAL_MS,
  initialUploadState,
  uploadReducer,
  type Access,
  type PollAnswer,
  type UploadEvent,
  type UploadFailure,
  type UploadState,
} from './upload-machine';

/** The three calls of one upload; each variant (avatar, cover, entry...) supplies its own. */
export interface UploadTransport {
  /** Rejects with the call's normalised error ({status, code}). */
  requestAccess(): Promise<Access>;
  /** Rejects with a FormPostError carrying the HTTP status. */
  postForm(
    access: Access,
    file: Blob,
    onProgress: (loaded: number, total: number) => void,
  ): Promise<{ query_id: string }>;
  pollResult(queryId: string): Promise<PollAnswer>;
}

export class FormPostError extends Error {
  constructor(readonly status: number) {
    super(`form post answered ${status}`);
  }
}

export class UploadFailedError extends Error {
  constructor(readonly failure: UploadFailure) {
    super(`upload failed: ${failure.kind}`);
  }
}

/**
 * 60 polls without a result: spec 1 §4 gives up without a message. `imageId` is the stored
 * image still under review, when the server named it (the audit dialog can follow it up).
 */
export class UploadAbandonedError extends Error {
  constructor(readonly imageId: string | null = null) {
    super('upload abandoned after the poll limit');
  }
}

export interface RunUploadOptions {
  onChange?: (state: UploadState) => void;
  /** Waits between polls; tests drive it with fake timers. */
  wait?: (ms: number) => Promise<void>;
  hasFileReader?: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

function errorFields(error: unknown): { status: number; code: number | null } {
  const e = error as { status?: unknown; code?: unknown } | null;
  return {
    status: typeof e?.status === 'number' ? e.status : 0,
    code: typeof e?.code === 'number' ? e.code : null,
  };
}

/** A passed upload: the stored image's url (null when the server gives none) and its id. */
export interface UploadOutcome {
  url: string | null;
  imageId?: string;
}

/**
 * Drives the machine with real calls. Resolves with the stored image's url and id; rejects
 * with UploadFailedError or UploadAbandonedError.
 */
export async function runUpload(
  file: Blob,
  transport: UploadTransport,
  options: RunUploadOptions = {},
): Promise<UploadOutcome> {
  const wait = options.wait ?? sleep;
  let state: UploadState = initialUploadState;
  const send = (event: UploadEvent) => {
    const next = uploadReducer(state, event);
    if (next !== state) {
      state = next;
      options.onChange?.(state);
    }
    return state;
  };
  const settle = (): UploadOutcome => {
    if (state.phase === 'done') {
      return state.imageId ? { url: state.url, imageId: state.imageId } : { url: state.url };
    }
    if (state.phase === 'abandoned') throw new UploadAbandonedError(state.imageId ?? null);
    if (state.phase === 'failed') throw new UploadFailedError(state.failure);
    throw new Error(`upload stopped in phase ${state.phase}`);
  };

  const rejected = checkImageFile(file, options.hasFileReader);
  if (rejected) {
    send({ type: 'fileRejected', failure: rejected });
    return settle();
  }

  send({ type: 'started' });
  try {
    send({ type: 'accessAnswered', access: await transport.requestAccess() });
  } catch (error) {
    send({ type: 'accessRefused', ...errorFields(error), error });
  }
  if (state.phase !== 'posting') return settle();

  try {
    const { query_id } = await transport.postForm(state.access, file, (loaded, total) =>
      send({ type: 'progressed', loaded, total }),
    );
    send({ type: 'posted', queryId: query_id });
  } catch (error) {
    send({ type: 'postRefused', status: error instanceof FormPostError ? error.status : 0 });
  }

  // `send` reassigns `state`, which control-flow narrowing cannot see.
  const current = (): UploadState => state;
  for (let s = current(); s.phase === 'polling'; s = current()) {
    const { queryId } = s;
    await wait(POLL_INTERVAL_MS);
    try {
      send({ type: 'polled', answer: await transport.pollResult(queryId) });
    } catch {
      send({ type: 'pollFailed' });
    }
  }
  return settle();
}
