import { generatedApi } from './events.gen';

/** Releases and events change rarely: kept for the session once read. */
const eventsApi = generatedApi.enhanceEndpoints({
  endpoints: {
    listReleases: { keepUnusedDataFor: 3600 },
    listActivities: { keepUnusedDataFor: 300 },
  },
});

export const { useListReleasesQuery, useListActivitiesQuery, useLazyListReleasesQuery } = eventsApi;

export type { Activity, ActivityList, Release, ReleaseList } from './events.gen';
