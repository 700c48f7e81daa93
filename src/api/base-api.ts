import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * The one empty API slice. Endpoints are injected per contract tag by the generated
 * `<tag>/<tag>.gen.ts` files and enhanced (tags, cache policy) in `<tag>/index.ts`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Self', 'Profile', 'Limits', 'Benefits', 'SettingsCopy', 'Ads'],
  endpoints: () => ({}),
});
