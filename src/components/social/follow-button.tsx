import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { useTranslation } from 'react-i18next';
import {
  useFollowUserMutation,
  useUnfollowUserMutation,
  type FollowRelation,
  type FollowResult,
  type UserSummary,
} from '@/api/social';
import type { ResolvedMessage } from '@/api/error-messages';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/ui/dialog/lazy-confirm-dialog';
import { dialogStore, openDialog } from '@/components/ui/dialog/dialog-store';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { clock, type TimerId } from '@/lib/clock';
import { selectIsLoggedIn, selectUid, type SessionState } from '@/core/session-slice';
import {
  followBusy,
  followButtonHidden,
  followFailed,
  followLabelKey,
  followState,
  followTransition,
  initialFollowMachine,
  type FollowCommand,
  type FollowEvent,
  type FollowMachine,
  type FollowPlace,
} from './follow-machine';

/** In callback mode the parent logs the user in and says how it went (spec 1 §4). */
export interface FollowLoginRequest {
  loggedIn: () => void;
  cancelled: () => void;
}

export interface FollowButtonProps {
  user: UserSummary;
  /** The relation as the server last said (profile, list row); fresh data is taken while idle. */
  relation: FollowRelation;
  /** The 40327 message has another wording on the profile header and the public share page. */
  place?: FollowPlace;
  size?: 'sm' | 'md';
  /** After a follow or unfollow: the server's relation and the user's new fan count. */
  onChange?: (result: FollowResult) => void;
  /** Callback mode: called instead of opening the login dialog when a guest presses follow. */
  onLoginRequired?: (request: FollowLoginRequest) => void;
  /**
   * True while a step is under way (confirmation, login, the wait after it, the call): a hover
   * card keeps itself open until it ends, or the button and its dialog would go with it.
   */
  onActiveChange?: (active: boolean) => void;
}

/**
 * The follow button (spec 1 §4, §6, §8 "Follow"): it renders the pure machine
 * (`follow-machine.ts`) and runs the one command each step asks for — open the login, wait
 * 0.5 s after it, call follow or unfollow, show a toast. Hidden on one's own avatar.
 */
export function FollowButton(props: FollowButtonProps) {
  const viewerUid = useSelector(selectUid);
  if (followButtonHidden(viewerUid, props.user._id)) return null;
  return <FollowButtonView {...props} />;
}

/** What the controller needs from the component, refreshed after every render. */
interface FollowDeps {
  user: UserSummary;
  follow: (uid: string) => Promise<FollowResult>;
  unfollow: (uid: string) => Promise<FollowResult>;
  toast: (msg: ResolvedMessage, tone: 'success' | 'error') => void;
  viewerUid: () => string | null;
  onChange?: (result: FollowResult) => void;
  onLoginRequired?: (request: FollowLoginRequest) => void;
  onActiveChange?: (active: boolean) => void;
}

/**
 * Keeps the machine and runs its commands outside React's render: timers, the login dialog's
 * subscription and calls in flight live here, and the component re-renders from `onState`.
 */
function createFollowController(
  initial: FollowMachine,
  deps: () => FollowDeps,
  onState: (state: FollowMachine) => void,
) {
  let machine = initial;
  let lastRelation = initial.relation;
  let retryTimer: TimerId | null = null;
  let unsubscribeLogin: (() => void) | null = null;

  function send(event: FollowEvent) {
    const { state, command } = followTransition(machine, event);
    machine = state;
    onState(state);
    if (command) run(command);
  }

  function run(command: FollowCommand) {
    const d = deps();
    switch (command.type) {
      case 'openLogin':
        requestLogin(d);
        return;
      case 'scheduleRetry':
        retryTimer = clock.setTimeout(() => {
          retryTimer = null;
          send({
            type: 'retryDue',
            relation: lastRelation,
            self: followButtonHidden(deps().viewerUid(), deps().user._id),
          });
        }, command.delayMs);
        return;
      case 'request': {
        const uid = d.user._id;
        (command.action === 'follow' ? d.follow(uid) : d.unfollow(uid)).then(
          (result) => {
            send({ type: 'succeeded' });
            deps().onChange?.(result);
          },
          (error: unknown) => send(followFailed(error)),
        );
        return;
      }
      case 'toast':
        d.toast(command.message, command.tone);
        return;
    }
  }

  function requestLogin(d: FollowDeps) {
    if (d.onLoginRequired) {
      d.onLoginRequired({
        loggedIn: () => send({ type: 'loggedIn' }),
        cancelled: () => send({ type: 'cancelled' }),
      });
      return;
    }
    const id = openDialog('login', { onSuccess: () => send({ type: 'loggedIn' }) });
    // The login dialog says nothing when dismissed: its closing without a login is the cancel.
    // (On success it closes first and calls onSuccess right after, so look a tick later.)
    unsubscribeLogin?.();
    const unsubscribe = dialogStore.subscribe(() => {
      if (dialogStore.getSnapshot().some((dialog) => dialog.id === id)) return;
      unsubscribe();
      unsubscribeLogin = null;
      // eslint-disable-next-line no-restricted-globals -- yields a task to the dialog's onSuccess, not an app timer
      setTimeout(() => send({ type: 'cancelled' }), 0);
    });
    unsubscribeLogin = unsubscribe;
  }

  return {
    send,
    /**
     * Fresh data from the server (a refetched profile, a list row), applied while nothing is
     * under way. Only a change counts: a parent re-rendering with the relation it had before
     * (a list row kept after the follow) must not undo what the button shows.
     */
    relationChanged(relation: FollowRelation) {
      const before = lastRelation;
      lastRelation = relation;
      if (
        before.is_follower !== relation.is_follower ||
        before.is_following !== relation.is_following
      ) {
        send({ type: 'relationLoaded', relation });
      }
    },
    dispose() {
      if (retryTimer) clock.clearTimeout(retryTimer);
      retryTimer = null;
      unsubscribeLogin?.();
      unsubscribeLogin = null;
    },
  };
}

function FollowButtonView({
  user,
  relation,
  place = 'default',
  size = 'md',
  onChange,
  onLoginRequired,
  onActiveChange,
}: FollowButtonProps) {
  const { t } = useTranslation('social');
  const dispatch = useDispatch();
  const store = useStore<{ session: SessionState }>();
  const loggedIn = useSelector(selectIsLoggedIn);
  const [follow] = useFollowUserMutation();
  const [unfollow] = useUnfollowUserMutation();
  const [machine, setMachine] = useState<FollowMachine>(() =>
    initialFollowMachine(relation, place),
  );
  const deps = useRef<FollowDeps | null>(null);
  useLayoutEffect(() => {
    deps.current = {
      user,
      follow: (uid) => follow({ uid }).unwrap(),
      unfollow: (uid) => unfollow({ uid }).unwrap(),
      toast: ({ key, text, values }, type) =>
        dispatch(toastShown({ msg: key ? t(key, values ?? {}) : (text ?? ''), type })),
      viewerUid: () => store.getState().session.uid,
      onChange,
      onLoginRequired,
      onActiveChange,
    };
  });
  /** What the parent was last told by `onActiveChange`. */
  const reportedActive = useRef(false);
  const [controller] = useState(() =>
    createFollowController(
      machine,
      () => deps.current as FollowDeps,
      (next) => {
        setMachine(next);
        // Told at once, not after the render: the confirmation takes focus as it mounts, and a
        // hover card that hears of it only afterwards has already closed on that focus move.
        const active = next.phase !== 'idle';
        if (active === reportedActive.current) return;
        reportedActive.current = active;
        deps.current?.onActiveChange?.(active);
      },
    ),
  );
  useEffect(
    () => () => {
      controller.dispose();
      // Gone mid-step (its list row scrolled away): the parent need not wait for it any more.
      if (reportedActive.current) deps.current?.onActiveChange?.(false);
      reportedActive.current = false;
    },
    [controller],
  );

  const { is_follower, is_following } = relation;
  useEffect(() => {
    controller.relationChanged({ is_follower, is_following });
  }, [controller, is_follower, is_following]);

  const state = followState(machine.relation);
  const busy = followBusy(machine);
  return (
    <>
      <button
        type="button"
        className={[
          'button',
          'follow-button',
          `follow-button--${size}`,
          state === 'none' || state === 'followedBy' ? 'button--primary' : 'follow-button--on',
        ].join(' ')}
        data-state={state}
        aria-busy={busy || undefined}
        aria-label={t('follow.buttonLabel', { action: t(followLabelKey(state)), name: user.name })}
        onClick={() => controller.send({ type: 'clicked', loggedIn })}
      >
        {t(followLabelKey(state))}
      </button>
      {machine.phase === 'confirming' ? (
        <ConfirmDialog
          heading={t('follow.confirm.title')}
          text={t('follow.confirm.text', { name: user.name })}
          confirmLabel={t('follow.confirm.action')}
          onConfirm={() => {
            controller.send({ type: 'confirmed' });
            return Promise.resolve();
          }}
          onClose={() => controller.send({ type: 'cancelled' })}
        />
      ) : null}
    </>
  );
}
