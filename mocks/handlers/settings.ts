import { handle, http, ok } from '../http';
import { SETTINGS_COPY } from '../settings-copy';

/**
 * Settings operations of the contract (tag `settings`): where the server-provided copy
 * lives, and the mock storage host that serves it.
 */
export const SETTINGS_COPY_URL = '/mock-oss/settings-copy.json';

export const settingsHandlers = [
  /** Public (a token may come along and changes nothing). */
  http.get(
    '/api/v1/settings/copy',
    handle(() => ok({ oss_url: SETTINGS_COPY_URL })),
  ),

  http.get(
    '/mock-oss/settings-copy.json',
    handle(() => ok(SETTINGS_COPY)),
  ),
];
