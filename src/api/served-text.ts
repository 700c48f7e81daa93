import { baseApi } from './base-api';

/**
 * The tags of answers whose text the server writes in the request's language (the `lang`
 * header): products, packs and their tags (`payment`), releases and events (`events`), chat
 * models, ads and why a user is recommended. Charging options are kept per language instead
 * (`chargingOptionsIn`); the settings copy holds both languages.
 */
export const SERVED_TEXT_TAGS = ['payment', 'events', 'ChatModels', 'Ads', 'Recommended'] as const;

/**
 * After the interface language changed: what is cached in the old language is fetched again
 * (now with the new `lang`), so no server-written name stays in the language left behind.
 */
export const servedTextStale = () =>
  // The tags other slices add are not in the base slice's type (as in session-socket.ts).
  baseApi.util.invalidateTags([...SERVED_TEXT_TAGS] as unknown as ['Ads']);
