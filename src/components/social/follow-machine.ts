import { isApiError } from '@/core/api-error';
import { resolveErrorMessage, type ResolvedMessage } from '@/api/error-messages';

/**
 * The follow button (spec 1 §4 "Follow button state", §6, §8 "Follow"), as a pure machine: a
 * component keeps a `FollowMachine`, sends it events with `followTransition` and runs the
 * command that comes back (open the login, wait, call the API, show a toast). Nothing here
 * touches React, the store or the network.
 */

/** Spec 1 §3 "Following relation" (`FollowRelation` in the contract). */
export interface FollowRelation {
  /** The user follows the viewer. */
  is_follower: boolean;
  /** The viewer follows the user. */
  is_following: boolean;
}

/**
 * Spec 1 §4's four states of the button, by name (the spec numbers them 2, 1, -1 and -2):
 * following each other, following, followed by the user only, no relation.
 */
export type FollowState = 'mutual' | 'following' | 'followedBy' | 'none';

export function followState(relation: FollowRelation): FollowState {
  if (relation.is_following) return relation.is_follower ? 'mutual' : 'following';
  return relation.is_follower ? 'followedBy' : 'none';
}

/** Spec 1 §4: after logging in from the button, the follow is retried about 0.5 s later. */
export const FOLLOW_RETRY_AFTER_LOGIN_MS = 500;

export { followButtonHidden } from './own-avatar';

/** The button's label for each state (namespace `social`). */
export function followLabelKey(state: FollowState): string {
  switch (state) {
    case 'mutual':
      return 'social:follow.state.mutual';
    case 'following':
      return 'social:follow.state.following';
    case 'followedBy':
      return 'social:follow.state.followBack';
    case 'none':
      return 'social:follow.state.follow';
  }
}

export type FollowAction = 'follow' | 'unfollow';

/**
 * Where the button is: the 40327 "already followed" message has another wording on the
 * profile header and on a public share page (spec 1 §8).
 */
export type FollowPlace = 'default' | 'profileHeader' | 'publicPage';

/**
 * idle: shows the state and takes clicks. confirming: the unfollow confirmation is open.
 * awaitingLogin: logged out, the login is open (or asked for in callback mode).
 * retryScheduled: logged in from here; the follow runs `FOLLOW_RETRY_AFTER_LOGIN_MS` later.
 * following / unfollowing: the call is under way; clicks are ignored.
 */
export type FollowPhase =
  'idle' | 'confirming' | 'awaitingLogin' | 'retryScheduled' | 'following' | 'unfollowing';

export interface FollowMachine {
  relation: FollowRelation;
  phase: FollowPhase;
  place: FollowPlace;
}

export type FollowEvent =
  /** The button was pressed; `loggedIn` is the session's state at that moment. */
  | { type: 'clicked'; loggedIn: boolean }
  /** The unfollow confirmation was accepted. */
  | { type: 'confirmed' }
  /** The confirmation or the login was dismissed. */
  | { type: 'cancelled' }
  /** The login opened from this button succeeded. */
  | { type: 'loggedIn' }
  /**
   * The wait after the login is over. `relation`: the relation as the logged-in viewer sees it,
   * when known by then (it was fetched as a guest); `self`: the user turned out to be the viewer.
   */
  | { type: 'retryDue'; relation?: FollowRelation; self?: boolean }
  /** The follow or unfollow call succeeded. */
  | { type: 'succeeded' }
  /**
   * The call failed: the server's `error_code` and `error_msg` when it sent them, or no answer
   * at all (`connectivity`; spec 1 §8 shows the connectivity message then). `followFailed(error)`
   * builds this event from a failed call's error.
   */
  | {
      type: 'failed';
      code?: number | null;
      message?: string | null;
      connectivity?: 'network' | 'timeout' | 'server';
      /** A server failure's id for support (its 5xx body's `error_id`). */
      errorId?: string | null;
    }
  /** Fresh data from the server (a profile refetch); applied only while nothing is under way. */
  | { type: 'relationLoaded'; relation: FollowRelation };

export type FollowCommand =
  /** Open the login dialog (or, in callback mode, emit the login event to the parent). */
  | { type: 'openLogin' }
  /** Send `retryDue` after `delayMs`. */
  | { type: 'scheduleRetry'; delayMs: number }
  /** POST (follow) or DELETE (unfollow) /api/v2/users/{uid}/followers, then send the outcome. */
  | { type: 'request'; action: FollowAction }
  /** Show a toast: success after a call, error with the resolved message. */
  | { type: 'toast'; tone: 'success' | 'error'; message: ResolvedMessage };

export interface FollowStep {
  state: FollowMachine;
  command: FollowCommand | null;
}

export function initialFollowMachine(
  relation: FollowRelation,
  place: FollowPlace = 'default',
): FollowMachine {
  return { relation, phase: 'idle', place };
}

/** A call is under way or about to be (the button shows busy and ignores clicks). */
export function followBusy(machine: FollowMachine): boolean {
  return (
    machine.phase === 'following' ||
    machine.phase === 'unfollowing' ||
    machine.phase === 'retryScheduled'
  );
}

const stay = (state: FollowMachine): FollowStep => ({ state, command: null });

/** Spec 1 §4: a follow gives 2 if they follow the viewer, else 1; an unfollow -1, else -2. */
function afterCall(relation: FollowRelation, action: FollowAction): FollowRelation {
  return { ...relation, is_following: action === 'follow' };
}

/** One event: the next state and what the component must do now (at most one thing). */
export function followTransition(state: FollowMachine, event: FollowEvent): FollowStep {
  switch (event.type) {
    case 'clicked': {
      if (state.phase !== 'idle') return stay(state);
      if (state.relation.is_following) return stay({ ...state, phase: 'confirming' });
      if (!event.loggedIn) {
        return { state: { ...state, phase: 'awaitingLogin' }, command: { type: 'openLogin' } };
      }
      return {
        state: { ...state, phase: 'following' },
        command: { type: 'request', action: 'follow' },
      };
    }
    case 'confirmed':
      if (state.phase !== 'confirming') return stay(state);
      // Fresh data while the confirmation was open may say the follow is already gone.
      if (!state.relation.is_following) return stay({ ...state, phase: 'idle' });
      return {
        state: { ...state, phase: 'unfollowing' },
        command: { type: 'request', action: 'unfollow' },
      };
    case 'cancelled':
      if (state.phase !== 'confirming' && state.phase !== 'awaitingLogin') return stay(state);
      return stay({ ...state, phase: 'idle' });
    case 'loggedIn':
      if (state.phase !== 'awaitingLogin') return stay(state);
      return {
        state: { ...state, phase: 'retryScheduled' },
        command: { type: 'scheduleRetry', delayMs: FOLLOW_RETRY_AFTER_LOGIN_MS },
      };
    case 'retryDue': {
      if (state.phase !== 'retryScheduled') return stay(state);
      const relation = event.relation ?? state.relation;
      // One's own page: the button goes away, nothing to follow. Already following (from
      // another tab or device before this login): the viewer's wish is already met.
      if (event.self || relation.is_following) {
        return stay({ ...state, relation, phase: 'idle' });
      }
      return {
        state: { ...state, relation, phase: 'following' },
        command: { type: 'request', action: 'follow' },
      };
    }
    case 'succeeded': {
      const action = pendingAction(state);
      if (!action) return stay(state);
      return {
        state: { ...state, relation: afterCall(state.relation, action), phase: 'idle' },
        command: {
          type: 'toast',
          tone: 'success',
          message: { key: FOLLOW_SUCCESS_KEYS[action], text: null },
        },
      };
    }
    case 'failed': {
      const action = pendingAction(state);
      if (!action) return stay(state);
      // 40327: the server already has the follow, so the button shows it.
      const relation =
        action === 'follow' && event.code === 40327
          ? afterCall(state.relation, 'follow')
          : state.relation;
      return {
        state: { ...state, relation, phase: 'idle' },
        command: {
          type: 'toast',
          tone: 'error',
          message: event.connectivity
            ? failureMessage(event.connectivity, event.errorId)
            : followErrorKey(event.code, { action, place: state.place }, event.message),
        },
      };
    }
    case 'relationLoaded':
      if (state.phase !== 'idle' && state.phase !== 'confirming') return stay(state);
      return stay({ ...state, relation: event.relation });
  }
}

/** `followTransition` without the command, for `useReducer` where the command is not needed. */
export function followReducer(state: FollowMachine, event: FollowEvent): FollowMachine {
  return followTransition(state, event).state;
}

/**
 * The `failed` event for a call's error (an `ApiError` from the API hooks, or anything thrown):
 * no answer, a timeout and a server failure (5xx) are told apart as every call's are
 * (src/api/error-messages.ts); otherwise the server's code and text.
 */
export function followFailed(error: unknown): Extract<FollowEvent, { type: 'failed' }> {
  if (!isApiError(error)) return { type: 'failed' };
  if (error.kind === 'timeout' || error.kind === 'network')
    return { type: 'failed', connectivity: error.kind };
  if (error.kind === 'server' || error.status >= 500) {
    return { type: 'failed', connectivity: 'server', errorId: error.errorId ?? null };
  }
  return { type: 'failed', code: error.code, message: error.serverMessage };
}

/** The message of a call that got no answer, ran out of time or met a server failure. */
export function failureMessage(
  kind: 'network' | 'timeout' | 'server',
  errorId?: string | null,
): ResolvedMessage {
  const status = kind === 'server' ? 500 : 0;
  return resolveErrorMessage('followUser', {
    status,
    code: null,
    serverMessage: null,
    kind,
    errorId: errorId ?? null,
  });
}

function pendingAction(state: FollowMachine): FollowAction | null {
  if (state.phase === 'following') return 'follow';
  if (state.phase === 'unfollowing') return 'unfollow';
  return null;
}

/** Spec 1 §8 success toasts: follow done, unfollow done, all followed. */
export const FOLLOW_SUCCESS_KEYS = {
  follow: 'social:follow.done',
  unfollow: 'social:follow.undone',
  followAll: 'social:follow.allDone',
} as const;

export interface FollowErrorContext {
  /** `followAll`: following every recommended user (POST /api/v2/follow_all_recommend_user). */
  action: FollowAction | 'followAll';
  place?: FollowPlace;
}

/** Spec 1 §8 "Follow": the codes with their own message. */
const FOLLOW_CODES: Record<number, string> = {
  40407: 'social:follow.errors.userMissing',
  40328: 'social:follow.errors.self',
  40329: 'social:follow.errors.dailyLimit',
  40327: 'social:follow.errors.alreadyFollowed',
  40417: 'social:follow.errors.relationMissing',
};

/**
 * The message for a failed follow, unfollow or follow-all (spec 1 §8): the code's own message
 * (40327 with the alternate wording on the profile header and public page), else the server's
 * `error_msg`, else the generic follow or cancel-follow error. Follow-all shows the follow error.
 * The same `{ key, text }` shape as `resolveErrorMessage` (src/api/error-messages.ts): translate
 * `key` when set, else show `text`.
 */
export function followErrorKey(
  code: number | null | undefined,
  context: FollowErrorContext,
  serverMsg?: string | null,
): ResolvedMessage {
  const place = context.place ?? 'default';
  if (code === 40327 && place !== 'default') {
    return { key: 'social:follow.errors.alreadyFollowedAuthor', text: null };
  }
  const known = code != null ? FOLLOW_CODES[code] : undefined;
  if (known) return { key: known, text: null };
  const server = serverMsg?.trim();
  if (server) return { key: null, text: server };
  return {
    key:
      context.action === 'unfollow'
        ? 'social:follow.errors.unfollowFailed'
        : 'social:follow.errors.followFailed',
    text: null,
  };
}
