import { createAction } from '@reduxjs/toolkit';
import type { StartupOutcome } from './startup-outcome';

/** Emitted 1500 ms after a login (spec 2 §4): features retry what needed it (follow, tip). */
export const loginCompleted = createAction<{ uid: string }>('auth/loginCompleted');
/** The start-up (or post-login) outcome, once decided. */
export const startupResolved = createAction<{ outcome: StartupOutcome }>('auth/startupResolved');
/** The ban dialog saw its end time pass: the session is looked at again. */
export const banEnded = createAction('auth/banEnded');
