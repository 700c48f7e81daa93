import { markSilent, registerErrorMessages } from '../error-messages';
import { generatedApi } from './upload.gen';

/**
 * Image upload calls (spec 1 §7). Access is single-use and every result poll must reach the
 * server, so nothing here is cached. The upload flow (src/components/media/upload) shows its
 * own message for each failure, so these calls never raise the generic toast as well.
 */
const uncached = { providesTags: [], keepUnusedDataFor: 0 } as const;

export const uploadApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getEntryImageUploadAccess: uncached,
    getWorldCoverUploadAccess: uncached,
    getReportUploadAccess: uncached,
    getExplorationAvatarUploadAccess: { invalidatesTags: [] },
    postUploadForm: { invalidatesTags: [] },
    getUploadedFile: uncached,
    getUploadResult: uncached,
    getImageAudit: uncached,
  },
});

markSilent(
  'getEntryImageUploadAccess',
  'getWorldCoverUploadAccess',
  'getReportUploadAccess',
  'getExplorationAvatarUploadAccess',
  'postUploadForm',
  'getUploadResult',
);

// Spec 1 §8 "Upload access codes": 40403 is the world in the entry flow but the exploration
// in the exploration flow; 40306, 40406 and 40338 all show the maintenance text.
registerErrorMessages('getEntryImageUploadAccess', {
  40403: 'media:errors.worldDeleted',
  40404: 'media:errors.entryDeleted',
  40406: 'media:errors.maintenance',
  40407: 'media:errors.tooFrequent',
});
registerErrorMessages('getWorldCoverUploadAccess', {
  40306: 'media:errors.maintenance',
  40307: 'media:errors.tooFrequent',
  40338: 'media:errors.maintenance',
});
// A report's images (inferred call): the same maintenance and too-frequent texts.
registerErrorMessages('getReportUploadAccess', {
  40306: 'media:errors.maintenance',
  40307: 'media:errors.tooFrequent',
});
registerErrorMessages('getExplorationAvatarUploadAccess', {
  40306: 'media:errors.maintenance',
  40307: 'media:errors.tooFrequent',
  40403: 'media:errors.explorationMissing',
  40404: 'media:errors.entryDeleted',
});
registerErrorMessages('postUploadForm', {
  40001: 'media:errors.tooLarge',
  40300: 'media:errors.uploadFailed',
});
registerErrorMessages('getUploadResult', { 40405: 'media:errors.pollFailed' });
registerErrorMessages('getImageAudit', { 40405: 'media:errors.imageMissing' });

export const {
  useLazyGetEntryImageUploadAccessQuery,
  useLazyGetWorldCoverUploadAccessQuery,
  useGetExplorationAvatarUploadAccessMutation,
  useGetImageAuditQuery,
} = uploadApi;

export type {
  ImageAudit,
  ImageFormat,
  UploadAccess,
  UploadFormResult,
  UploadResult,
} from './upload.gen';
