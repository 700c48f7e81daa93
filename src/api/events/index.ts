import { markSilent } from '../error-messages';
import { generatedApi } from './events.gen';

/** Releases and events change rarely: kept for the session once read. */
export const eventsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    listReleases: { keepUnusedDataFor: 3600 },
    listActivities: { keepUnusedDataFor: 300 },
  },
});

// The release check at start-up runs unasked, so its failure must not toast (/history shows
// its own error block with a retry).
markSilent('listReleases');

export const { useListReleasesQuery, useListActivitiesQuery, useLazyListReleasesQuery } = eventsApi;

export type { Activity, ActivityList, Release, ReleaseList } from './events.gen';
