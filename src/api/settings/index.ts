import { resolveUrl } from '@/config/env';
import { markSilent } from '../error-messages';
import { generatedApi } from './settings.gen';
import { normaliseCopyMap, type CopyTexts } from './settings-copy';

export const settingsApi = generatedApi
  .enhanceEndpoints({
    endpoints: {
      getSettingsCopy: { providesTags: ['SettingsCopy'] },
      getCopyTextMap: { providesTags: ['SettingsCopy'] },
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /**
       * Follows the returned oss_url (any host) and normalises the map. A failure resolves
       * to an empty map, so every caller falls back to the built-in copy without a notice.
       */
      getCopyTexts: build.query<CopyTexts, void>({
        async queryFn(_arg, api, _extra, baseQuery) {
          const address = await baseQuery('/api/v1/settings/copy');
          const ossUrl = (address.data as { oss_url?: unknown } | undefined)?.oss_url;
          if (address.error || typeof ossUrl !== 'string' || !ossUrl) {
            return { data: {} };
          }
          try {
            const res = await fetch(resolveUrl(ossUrl), { signal: api.signal });
            if (!res.ok) return { data: {} };
            return { data: normaliseCopyMap(await res.json()) };
          } catch {
            // Offline, blocked or not JSON: the built-in copy stands in.
            return { data: {} };
          }
        },
        providesTags: ['SettingsCopy'],
        keepUnusedDataFor: 3600,
      }),
    }),
  });

markSilent('getCopyTexts', 'getSettingsCopy', 'getCopyTextMap');

export const { useGetSettingsCopyQuery, useGetCopyTextMapQuery, useGetCopyTextsQuery } =
  settingsApi;

export { copyText, normaliseCopyMap, type CopyTexts } from './settings-copy';
export type { CopyTextMap, SettingsCopy } from './settings.gen';
