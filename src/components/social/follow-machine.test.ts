import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/core/api-error';
import en from '@/locales/en/social.json';
import zh from '@/locales/zh/social.json';
import enErrors from '@/locales/en/errors.json';
import {
  FOLLOW_RETRY_AFTER_LOGIN_MS,
  FOLLOW_SUCCESS_KEYS,
  followBusy,
  followButtonHidden,
  followErrorKey,
  followFailed,
  followLabelKey,
  followReducer,
  followState,
  followTransition,
  initialFollowMachine,
  type FollowEvent,
  type FollowMachine,
  type FollowPlace,
  type FollowRelation,
  type FollowState,
} from './follow-machine';

const rel = (is_follower: boolean, is_following: boolean): FollowRelation => ({
  is_follower,
  is_following,
});
const MUTUAL = rel(true, true);
const FOLLOWING = rel(false, true);
const FOLLOWER = rel(true, false);
const NONE = rel(false, false);

/** Sends events in order; returns every step. */
function run(start: FollowMachine, ...events: FollowEvent[]) {
  const steps = [];
  let state = start;
  for (const event of events) {
    const step = followTransition(state, event);
    steps.push(step);
    state = step.state;
  }
  return { state, steps, commands: steps.map((s) => s.command) };
}

/** A key `social:a.b.c` (or `errors:x`) looked up in a bundle. */
function lookup(bundle: Record<string, unknown>, key: string): unknown {
  return key
    .split(':')[1]!
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
}

const STATES: FollowState[] = ['mutual', 'following', 'followedBy', 'none'];

describe('followState (spec 1 §4)', () => {
  it.each([
    [MUTUAL, 'mutual'],
    [FOLLOWING, 'following'],
    [FOLLOWER, 'followedBy'],
    [NONE, 'none'],
  ] as const)('%o → %s', (relation, state) => {
    expect(followState(relation)).toBe(state);
  });

  it('is mutual or following exactly when the viewer follows the user', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (follower, following) => {
        const state = followState(rel(follower, following));
        expect(state === 'mutual' || state === 'following').toBe(following);
        expect(state === 'mutual' || state === 'none').toBe(follower === following);
      }),
    );
  });

  it('labels every state with a string in both languages', () => {
    for (const state of STATES) {
      const key = followLabelKey(state);
      expect(typeof lookup(en, key), key).toBe('string');
      expect(typeof lookup(zh, key), key).toBe('string');
    }
    expect(new Set(STATES.map((s) => followLabelKey(s))).size).toBe(4);
  });
});

describe('followButtonHidden (spec 1 §6)', () => {
  it("is hidden on one's own avatar only", () => {
    expect(followButtonHidden('u1', 'u1')).toBe(true);
    expect(followButtonHidden('u1', 'u2')).toBe(false);
    expect(followButtonHidden(null, 'u1')).toBe(false);
    expect(followButtonHidden(undefined, 'u1')).toBe(false);
    expect(followButtonHidden('', '')).toBe(false);
  });
});

describe('the follow machine', () => {
  it('starts idle with the relation and the place', () => {
    expect(initialFollowMachine(FOLLOWER)).toEqual({
      relation: FOLLOWER,
      phase: 'idle',
      place: 'default',
    });
    expect(initialFollowMachine(NONE, 'publicPage').place).toBe('publicPage');
  });

  describe('following (not followed yet)', () => {
    it.each([
      [FOLLOWER, 'mutual'],
      [NONE, 'following'],
    ] as const)('logged in: %o follows at once, then state %s and a success toast', (r, after) => {
      const { state, commands } = run(
        initialFollowMachine(r),
        { type: 'clicked', loggedIn: true },
        { type: 'succeeded' },
      );
      expect(commands).toEqual([
        { type: 'request', action: 'follow' },
        {
          type: 'toast',
          tone: 'success',
          message: { key: FOLLOW_SUCCESS_KEYS.follow, text: null },
        },
      ]);
      expect(state.phase).toBe('idle');
      expect(followState(state.relation)).toBe(after);
    });

    it('is busy while the call runs and ignores further clicks', () => {
      const pending = followReducer(initialFollowMachine(NONE), {
        type: 'clicked',
        loggedIn: true,
      });
      expect(pending.phase).toBe('following');
      expect(followBusy(pending)).toBe(true);
      const again = followTransition(pending, { type: 'clicked', loggedIn: true });
      expect(again).toEqual({ state: pending, command: null });
    });

    it('logged out: asks for the login, retries 500 ms after it, then follows', () => {
      expect(FOLLOW_RETRY_AFTER_LOGIN_MS).toBe(500);
      const { state, steps, commands } = run(
        initialFollowMachine(FOLLOWER),
        { type: 'clicked', loggedIn: false },
        { type: 'loggedIn' },
        { type: 'retryDue' },
        { type: 'succeeded' },
      );
      expect(steps.map((s) => s.state.phase)).toEqual([
        'awaitingLogin',
        'retryScheduled',
        'following',
        'idle',
      ]);
      expect(commands.slice(0, 3)).toEqual([
        { type: 'openLogin' },
        { type: 'scheduleRetry', delayMs: FOLLOW_RETRY_AFTER_LOGIN_MS },
        { type: 'request', action: 'follow' },
      ]);
      expect(followState(state.relation)).toBe('mutual');
    });

    it('a dismissed login leaves the button as it was', () => {
      const { state, commands } = run(
        initialFollowMachine(NONE),
        { type: 'clicked', loggedIn: false },
        { type: 'cancelled' },
      );
      expect(state).toEqual(initialFollowMachine(NONE));
      expect(commands).toEqual([{ type: 'openLogin' }, null]);
    });

    it('after the login, follows with the relation the logged-in viewer has', () => {
      const { state, commands } = run(
        initialFollowMachine(NONE),
        { type: 'clicked', loggedIn: false },
        { type: 'loggedIn' },
        { type: 'retryDue', relation: FOLLOWER },
        { type: 'succeeded' },
      );
      expect(commands[2]).toEqual({ type: 'request', action: 'follow' });
      expect(followState(state.relation)).toBe('mutual');
    });

    it('after the login, does not follow someone already followed, nor oneself', () => {
      const already = run(
        initialFollowMachine(NONE),
        { type: 'clicked', loggedIn: false },
        { type: 'loggedIn' },
        { type: 'retryDue', relation: FOLLOWING },
      );
      expect(already.commands[2]).toBeNull();
      expect(already.state).toMatchObject({ phase: 'idle', relation: FOLLOWING });

      const self = run(
        initialFollowMachine(NONE),
        { type: 'clicked', loggedIn: false },
        { type: 'loggedIn' },
        { type: 'retryDue', self: true },
      );
      expect(self.commands[2]).toBeNull();
      expect(self.state.phase).toBe('idle');
    });

    it('a login or retry that did not come from this button is ignored', () => {
      const idle = initialFollowMachine(NONE);
      expect(followTransition(idle, { type: 'loggedIn' })).toEqual({ state: idle, command: null });
      expect(followTransition(idle, { type: 'retryDue' })).toEqual({ state: idle, command: null });
      const waiting = followReducer(idle, { type: 'clicked', loggedIn: false });
      expect(followTransition(waiting, { type: 'retryDue' }).state).toBe(waiting);
    });
  });

  describe('unfollowing (followed)', () => {
    it.each([
      [MUTUAL, 'followedBy'],
      [FOLLOWING, 'none'],
    ] as const)('%o asks first, then unfollows: state %s', (r, after) => {
      const { state, steps, commands } = run(
        initialFollowMachine(r),
        { type: 'clicked', loggedIn: true },
        { type: 'confirmed' },
        { type: 'succeeded' },
      );
      expect(steps.map((s) => s.state.phase)).toEqual(['confirming', 'unfollowing', 'idle']);
      expect(commands).toEqual([
        null,
        { type: 'request', action: 'unfollow' },
        {
          type: 'toast',
          tone: 'success',
          message: { key: FOLLOW_SUCCESS_KEYS.unfollow, text: null },
        },
      ]);
      expect(followState(state.relation)).toBe(after);
    });

    it('a cancelled confirmation changes nothing', () => {
      const { state, commands } = run(
        initialFollowMachine(MUTUAL),
        { type: 'clicked', loggedIn: true },
        { type: 'cancelled' },
      );
      expect(state).toEqual(initialFollowMachine(MUTUAL));
      expect(commands).toEqual([null, null]);
    });

    it('confirms even when the session is gone (the click asks before anything else)', () => {
      const { state } = run(initialFollowMachine(FOLLOWING), { type: 'clicked', loggedIn: false });
      expect(state.phase).toBe('confirming');
    });

    it('"confirmed" outside the confirmation does nothing', () => {
      const idle = initialFollowMachine(FOLLOWING);
      expect(followTransition(idle, { type: 'confirmed' })).toEqual({ state: idle, command: null });
    });
  });

  describe('failures', () => {
    it('a failed follow keeps the state and toasts the resolved message for the place', () => {
      const { state, commands } = run(
        initialFollowMachine(NONE, 'profileHeader'),
        { type: 'clicked', loggedIn: true },
        { type: 'failed', code: 40329, message: 'limit' },
      );
      expect(state).toEqual(initialFollowMachine(NONE, 'profileHeader'));
      expect(commands[1]).toEqual({
        type: 'toast',
        tone: 'error',
        message: { key: 'social:follow.errors.dailyLimit', text: null },
      });
    });

    it('40327 on follow: the server has the follow, so the button shows it', () => {
      const { state, commands } = run(
        initialFollowMachine(FOLLOWER, 'publicPage'),
        { type: 'clicked', loggedIn: true },
        { type: 'failed', code: 40327 },
      );
      expect(followState(state.relation)).toBe('mutual');
      expect(commands[1]).toMatchObject({
        tone: 'error',
        message: { key: 'social:follow.errors.alreadyFollowedAuthor' },
      });
    });

    it('a failed unfollow keeps the follow and shows the cancel-follow error', () => {
      const { state, commands } = run(
        initialFollowMachine(MUTUAL),
        { type: 'clicked', loggedIn: true },
        { type: 'confirmed' },
        { type: 'failed' },
      );
      expect(state).toEqual(initialFollowMachine(MUTUAL));
      expect(commands[2]).toMatchObject({
        message: { key: 'social:follow.errors.unfollowFailed', text: null },
      });
    });

    it('no answer or a timeout shows the connectivity message', () => {
      for (const connectivity of ['network', 'timeout'] as const) {
        const { commands } = run(
          initialFollowMachine(NONE),
          { type: 'clicked', loggedIn: true },
          { type: 'failed', connectivity, code: 40329 },
        );
        expect(commands[1]).toMatchObject({
          message: { key: `errors:${connectivity}`, text: null },
        });
        expect(typeof lookup(enErrors, `errors:${connectivity}`)).toBe('string');
      }
    });

    it('a server failure says the service failed, with its id, never the network', () => {
      const { commands } = run(
        initialFollowMachine(NONE),
        { type: 'clicked', loggedIn: true },
        { type: 'failed', connectivity: 'server', errorId: 'err_9' },
      );
      expect(commands[1]).toMatchObject({
        message: { key: 'errors:serverWithId', text: null, values: { id: 'err_9' } },
      });
    });

    it('an outcome with no call under way is ignored', () => {
      const idle = initialFollowMachine(NONE);
      expect(followTransition(idle, { type: 'succeeded' }).command).toBeNull();
      expect(followTransition(idle, { type: 'failed', code: 40407 }).command).toBeNull();
    });
  });

  describe('followFailed: the failed event from a call error', () => {
    const apiError = (over: Partial<ApiError>): ApiError => ({
      status: 403,
      code: null,
      serverMessage: null,
      kind: 'client',
      ...over,
    });
    it.each([
      [apiError({ status: 0, kind: 'network' }), { type: 'failed', connectivity: 'network' }],
      [apiError({ status: 0, kind: 'timeout' }), { type: 'failed', connectivity: 'timeout' }],
      [
        apiError({ status: 500, kind: 'server' }),
        { type: 'failed', connectivity: 'server', errorId: null },
      ],
      [
        apiError({ status: 503, kind: 'server', errorId: 'err_7' }),
        { type: 'failed', connectivity: 'server', errorId: 'err_7' },
      ],
      [
        apiError({ status: 403, code: 40329, serverMessage: 'too many' }),
        { type: 'failed', code: 40329, message: 'too many' },
      ],
      [
        apiError({ status: 502, kind: 'server', serverMessage: 'bad gateway' }),
        { type: 'failed', connectivity: 'server', errorId: null },
      ],
      [new Error('boom'), { type: 'failed' }],
      [undefined, { type: 'failed' }],
    ])('%o → %o', (error, event) => {
      expect(followFailed(error)).toEqual(event);
    });
  });

  describe('relationLoaded', () => {
    it('takes fresh server data while idle or confirming', () => {
      expect(
        followReducer(initialFollowMachine(NONE), { type: 'relationLoaded', relation: MUTUAL })
          .relation,
      ).toEqual(MUTUAL);
      const confirming = followReducer(initialFollowMachine(FOLLOWING), {
        type: 'clicked',
        loggedIn: true,
      });
      expect(
        followReducer(confirming, { type: 'relationLoaded', relation: MUTUAL }).relation,
      ).toEqual(MUTUAL);
    });

    it('does not unfollow when fresh data during the confirmation shows no follow', () => {
      const confirming = followReducer(initialFollowMachine(FOLLOWING), {
        type: 'clicked',
        loggedIn: true,
      });
      const loaded = followReducer(confirming, { type: 'relationLoaded', relation: NONE });
      const step = followTransition(loaded, { type: 'confirmed' });
      expect(step.command).toBeNull();
      expect(step.state.phase).toBe('idle');
    });

    it('does not overwrite the outcome of a call under way', () => {
      const pending = followReducer(initialFollowMachine(NONE), {
        type: 'clicked',
        loggedIn: true,
      });
      expect(followReducer(pending, { type: 'relationLoaded', relation: FOLLOWING })).toBe(pending);
    });
  });

  it('never runs two calls at once and always ends a call in idle (any event order)', () => {
    const relation = fc.record({ is_follower: fc.boolean(), is_following: fc.boolean() });
    const event: fc.Arbitrary<FollowEvent> = fc.oneof(
      fc.record({ type: fc.constant('clicked' as const), loggedIn: fc.boolean() }),
      fc.constant({ type: 'confirmed' as const }),
      fc.constant({ type: 'cancelled' as const }),
      fc.constant({ type: 'loggedIn' as const }),
      fc.record({ type: fc.constant('retryDue' as const), relation, self: fc.boolean() }),
      fc.constant({ type: 'succeeded' as const }),
      fc.record({
        type: fc.constant('failed' as const),
        code: fc.constantFrom(null, 40407, 40328, 40329, 40327, 40417, 50000),
      }),
      fc.record({ type: fc.constant('relationLoaded' as const), relation }),
    );
    const place = fc.constantFrom<FollowPlace>('default', 'profileHeader', 'publicPage');
    fc.assert(
      fc.property(relation, place, fc.array(event, { maxLength: 30 }), (r, p, events) => {
        let state = initialFollowMachine(r, p);
        let inFlight = 0;
        for (const e of events) {
          const before = state;
          const { state: next, command } = followTransition(state, e);
          if (command?.type === 'request') {
            expect(inFlight).toBe(0);
            inFlight += 1;
            expect(next.phase).toBe(command.action === 'follow' ? 'following' : 'unfollowing');
            // Follow only when not following; unfollow only when following.
            expect(next.relation.is_following).toBe(command.action === 'unfollow');
          }
          if (e.type === 'succeeded' || e.type === 'failed') {
            if (followBusy(before) && before.phase !== 'retryScheduled') {
              inFlight -= 1;
              expect(next.phase).toBe('idle');
              expect(command?.type).toBe('toast');
            } else expect(next).toBe(before);
          }
          if (e.type === 'clicked' && before.phase !== 'idle') expect(next).toBe(before);
          expect(next.place).toBe(p);
          state = next;
        }
      }),
    );
  });
});

describe('followErrorKey (spec 1 §8 "Follow")', () => {
  const actions = ['follow', 'unfollow', 'followAll'] as const;

  it.each([
    [40407, 'social:follow.errors.userMissing'],
    [40328, 'social:follow.errors.self'],
    [40329, 'social:follow.errors.dailyLimit'],
    [40327, 'social:follow.errors.alreadyFollowed'],
    [40417, 'social:follow.errors.relationMissing'],
  ])('%i → %s for every action, before the server text', (code, key) => {
    for (const action of actions) {
      expect(followErrorKey(code, { action }, 'server says')).toEqual({ key, text: null });
      expect(followErrorKey(code, { action, place: 'default' }, null)).toEqual({
        key,
        text: null,
      });
    }
  });

  it('40327 has the alternate wording on the profile header and the public page', () => {
    for (const place of ['profileHeader', 'publicPage'] as const) {
      expect(followErrorKey(40327, { action: 'follow', place }, 'x')).toEqual({
        key: 'social:follow.errors.alreadyFollowedAuthor',
        text: null,
      });
    }
    // The other codes do not change with the place.
    expect(followErrorKey(40329, { action: 'follow', place: 'publicPage' }).key).toBe(
      'social:follow.errors.dailyLimit',
    );
  });

  it("otherwise the server's error_msg", () => {
    expect(followErrorKey(50001, { action: 'follow' }, 'Service busy')).toEqual({
      key: null,
      text: 'Service busy',
    });
    expect(followErrorKey(null, { action: 'unfollow' }, '  trimmed  ')).toEqual({
      key: null,
      text: 'trimmed',
    });
  });

  it('else the generic follow or cancel-follow error; follow-all shows the follow error', () => {
    expect(followErrorKey(null, { action: 'follow' })).toEqual({
      key: 'social:follow.errors.followFailed',
      text: null,
    });
    expect(followErrorKey(50001, { action: 'unfollow' }, '   ')).toEqual({
      key: 'social:follow.errors.unfollowFailed',
      text: null,
    });
    expect(followErrorKey(undefined, { action: 'followAll' }, null)).toEqual({
      key: 'social:follow.errors.followFailed',
      text: null,
    });
  });

  it('every key it or the machine can give exists in zh and en', () => {
    const keys = new Set<string>(Object.values(FOLLOW_SUCCESS_KEYS));
    for (const code of [null, 40407, 40328, 40329, 40327, 40417])
      for (const action of actions)
        for (const place of ['default', 'profileHeader', 'publicPage'] as const) {
          const { key } = followErrorKey(code, { action, place });
          if (key) keys.add(key);
        }
    expect(keys.size).toBe(11);
    for (const key of keys) {
      expect(typeof lookup(en, key), `en ${key}`).toBe('string');
      expect(typeof lookup(zh, key), `zh ${key}`).toBe('string');
    }
  });
});
