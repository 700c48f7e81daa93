import { markSilent, registerErrorMessages } from '../error-messages';
import type { components } from '../schema.gen';
import { generatedApi } from './writing.gen';

/**
 * Chapter bodies, continuation and the lab. The body query is the editor's starting point
 * only: the editor owns the text afterwards, so a save writes its answer into the cache
 * instead of refetching (a refetch would reset the text being typed). Saving changes word
 * counts and times in the stories lists (`Chapter` by story id, `Story`). A continuation is
 * streamed (`continue-stream.ts`); its generated endpoint exists for the contract only.
 */
export const writingApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['Chapter', 'Story', 'Benefits', 'LabQuota'],
  endpoints: {
    getChapterContent: { providesTags: [], keepUnusedDataFor: 0 },
    saveChapterContent: {
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'Chapter', id: result.story_id },
              { type: 'Story', id: result.story_id },
              { type: 'Story', id: 'LIST' },
            ]
          : [],
    },
    continueWriting: { invalidatesTags: ['Benefits'] },
    runLab: { invalidatesTags: (_r, error) => (error ? [] : ['Benefits', 'LabQuota']) },
    getLabQuota: { providesTags: ['LabQuota'] },
    // The bound world's glossary may change in another tab: read it fresh at each opening.
    getContinueCharacters: { providesTags: [], keepUnusedDataFor: 0 },
  },
});

const CHAPTER_ACCESS = {
  40330: 'writing:editor.errors.noPermission',
  40418: 'writing:editor.errors.missing',
};
const AI_RULES = {
  42203: 'writing:ai.errors.risky',
  42260: 'writing:ai.errors.disabled',
  42902: 'writing:ai.errors.suspended',
  40260: 'writing:ai.errors.noPower',
};

registerErrorMessages('getChapterContent', CHAPTER_ACCESS);
registerErrorMessages('saveChapterContent', {
  ...CHAPTER_ACCESS,
  40920: 'writing:editor.errors.conflict',
  // The client never sends a blank title (chapter-title-field.tsx); the server checks too
  // (42204, too long, has the shared message).
  42221: 'writing:editor.errors.sensitive',
  42241: 'writing:editor.titleRequired',
  42249: 'writing:editor.errors.tooLong',
});
registerErrorMessages('continueWriting', {
  ...CHAPTER_ACCESS,
  ...AI_RULES,
  40420: 'writing:ai.errors.failed',
});
registerErrorMessages('runLab', {
  ...CHAPTER_ACCESS,
  ...AI_RULES,
  40360: 'writing:lab.errors.closed',
  40420: 'writing:lab.errors.failed',
  42200: 'writing:lab.errors.nothingSelected',
  42270: 'writing:lab.errors.tooLong',
});
registerErrorMessages('getContinueCharacters', {
  40330: 'writing:editor.errors.noPermission',
  40402: 'writing:editor.errors.missing',
  40418: 'writing:editor.errors.missing',
  40403: 'writing:ai.characters.worldMissing',
});
// The AI panel shows these in its picker; a toast would repeat it.
markSilent('getContinueCharacters');
// The editor shows save failures in its own status line (autosave would toast every 1.5 s).
markSilent('saveChapterContent');

export const {
  useGetChapterContentQuery,
  useSaveChapterContentMutation,
  useRunLabMutation,
  useGetLabQuotaQuery,
  useGetContinueCharactersQuery,
} = writingApi;

export type {
  ChapterContent,
  ChapterContentBody,
  ContinueBody,
  ContinueCharacter,
  ContinueCharacters,
  ContinueEvent,
  LabAction,
  LabBody,
  LabResult,
  LabQuota,
  WritingModel,
} from './writing.gen';

/** `content` of a continuation's or lab's 42203 (risky input): the hits of the last hour. */
export type RiskHits = components['schemas']['RiskHits'];
