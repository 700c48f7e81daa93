import { createAction } from '@reduxjs/toolkit';
import type { StartupOutcome } from './startup-outcome';

/** Emitted 1500 ms after a login (spec 2 §4): features retry what needed it (follow, tip). */
export const loginCompleted = createAction<{ uid: string }>('auth/loginCompleted');
/** The start-up (or post-login) outcome, once decided. */
export const startupResolved = createAction<{ outcome: StartupOutcome }>('auth/startupResolved');
/** The ban dialog saw its end time pass: the session is looked at again. */
export const banEnded = createAction('auth/banEnded');

/**
 * The session has something to tell the person (a welcome, why it ended, a start-up that
 * failed): the app shell shows it as a toast. The session itself shows nothing.
 */
export const sessionSaid = createAction<{ msg: string; type: 'success' | 'error' }>('session/said');

/**
 * What the session needs of the person: to sign in, to bind a phone, to wait out a ban (until
 * `endS`, by the server's clock: `serverNowMs` is its time when asked).
 */
export type SessionAsk =
  | { dialog: 'login' }
  | { dialog: 'bindPhone' }
  | { dialog: 'ban'; endS: number | null; serverNowMs: number };

/** The session needs the person: the app shell opens that dialog. */
export const sessionAsked = createAction<SessionAsk>('session/asked');
