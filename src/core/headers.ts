import { getLanguage } from '@/lib/i18n-language';
import type { SessionState } from './session-slice';

/**
 * The headers of spec 1 §7 for every call, the one place they are built: language, os type
 * `web`, and when logged in the bearer token with the uid. An Authorization the caller set
 * itself (a call made with another token) is left alone.
 */
export function applySessionHeaders(headers: Headers, session: SessionState): Headers {
  headers.set('lang', getLanguage());
  headers.set('ostype', 'web');
  if (session.accessToken && session.uid && !headers.has('Authorization')) {
    headers.set('Authorization', `Bearer ${session.accessToken}`);
    headers.set('uid', session.uid);
  }
  return headers;
}

/** The store shape the session code reads. */
export type StateWithSession = { session: SessionState };

export function sessionOf(getState: () => unknown): SessionState {
  return (getState() as StateWithSession).session;
}
