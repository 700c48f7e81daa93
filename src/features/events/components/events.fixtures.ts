import { http as mswHttp, HttpResponse } from 'msw';
import { apiError } from '@mocks/http';

/**
 * Answers of the events calls for stories and tests: failing (a server error), empty, or never
 * (the loading state). The seeded answers are the backend's own (mocks/handlers/events.ts).
 */
const RELEASES = '*/api/v1/releases';
const ACTIVITIES = '*/api/v1/activities';

const failing = (path: string) => [
  mswHttp.get(path, () => apiError(50000, 'internal server error', null, 500)),
];
const empty = (path: string) => [mswHttp.get(path, () => HttpResponse.json({ data: [] }))];
const never = (path: string) => [mswHttp.get(path, () => new Promise<never>(() => {}))];

export const releasesFail = () => failing(RELEASES);
export const releasesEmpty = () => empty(RELEASES);
export const releasesPending = () => never(RELEASES);
export const activitiesFail = () => failing(ACTIVITIES);
export const activitiesEmpty = () => empty(ACTIVITIES);
export const activitiesPending = () => never(ACTIVITIES);
