import { markSilent, registerErrorMessages } from '../error-messages';
import { generatedApi, type RecycledStoryList, type StoryList } from './stories.gen';

/**
 * Cache policy of the stories tag. `Story` covers my stories (list and each one), `Chapter`
 * the chapter lists (by story id), `RecycledStory` the recycle bin, `SharedStory` the public
 * views. Saving a chapter body elsewhere changes word counts: invalidate `Chapter` and `Story`.
 */
const STORY_LIST = { type: 'Story', id: 'LIST' } as const;
const RECYCLE_LIST = { type: 'RecycledStory', id: 'LIST' } as const;

export const storiesApi = generatedApi
  .enhanceEndpoints({
    addTagTypes: ['Story', 'Chapter', 'RecycledStory', 'SharedStory', 'BindableWorld'],
  })
  .enhanceEndpoints({
    endpoints: {
      listStories: { providesTags: [STORY_LIST] },
      getStory: { providesTags: (_r, _e, { storyId }) => [{ type: 'Story', id: storyId }] },
      createStory: { invalidatesTags: [STORY_LIST] },
      renameStory: {
        invalidatesTags: (_r, _e, { storyId }) => [
          STORY_LIST,
          { type: 'Story', id: storyId },
          'SharedStory',
        ],
      },
      deleteStory: { invalidatesTags: [STORY_LIST, RECYCLE_LIST, 'SharedStory'] },
      listRecycledStories: { providesTags: [RECYCLE_LIST], keepUnusedDataFor: 0 },
      recoverStory: { invalidatesTags: [STORY_LIST, RECYCLE_LIST, 'SharedStory'] },
      purgeStory: { invalidatesTags: [RECYCLE_LIST] },
      setStoryShareStatus: {
        invalidatesTags: (_r, _e, { storyId }) => [
          STORY_LIST,
          { type: 'Story', id: storyId },
          'SharedStory',
        ],
      },
      bindStoryWorld: {
        invalidatesTags: (_r, _e, { novelId }) => [
          STORY_LIST,
          { type: 'Story', id: novelId },
          'SharedStory',
        ],
      },
      listBindableWorlds: { providesTags: ['BindableWorld'] },
      // Export reads the bodies as they are now: never from the cache.
      exportStory: { providesTags: [], keepUnusedDataFor: 0 },
      listChapters: {
        providesTags: (_r, _e, { storyId }) => [{ type: 'Chapter', id: storyId }],
      },
      createChapter: {
        invalidatesTags: (_r, _e, { storyId }) => [
          { type: 'Chapter', id: storyId },
          { type: 'Story', id: storyId },
          STORY_LIST,
        ],
      },
      updateChapterMeta: {
        invalidatesTags: (_r, _e, { storyId }) => [
          { type: 'Chapter', id: storyId },
          { type: 'Story', id: storyId },
          STORY_LIST,
          'SharedStory',
        ],
      },
      getSharedStory: {
        providesTags: (_r, _e, { shareid }) => [{ type: 'SharedStory', id: shareid }],
      },
    },
  });

/** Stories per page of my stories and of the recycle bin. */
export const STORIES_PER_PAGE = 20;

/**
 * Paged lists follow the server's `next` cursor link (spec 1 §7 "a generic next-page call"):
 * the page param is the link itself, and the list ends when `has_next` is false.
 */
export const storyPagesApi = storiesApi.injectEndpoints({
  endpoints: (build) => ({
    listStoryPages: build.infiniteQuery<StoryList, void, string>({
      infiniteQueryOptions: {
        initialPageParam: `/api/v1/stories?page=1&per_page=${STORIES_PER_PAGE}`,
        getNextPageParam: (last) =>
          last.paging.has_next ? (last.paging.next ?? undefined) : undefined,
      },
      query: ({ pageParam }) => pageParam,
      providesTags: [STORY_LIST],
    }),
    listRecycledStoryPages: build.infiniteQuery<RecycledStoryList, void, string>({
      infiniteQueryOptions: {
        initialPageParam: `/api/v1/stories/recycle?page=1&per_page=${STORIES_PER_PAGE}`,
        getNextPageParam: (last) =>
          last.paging.has_next ? (last.paging.next ?? undefined) : undefined,
      },
      query: ({ pageParam }) => pageParam,
      providesTags: [RECYCLE_LIST],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useListStoryPagesInfiniteQuery, useListRecycledStoryPagesInfiniteQuery } =
  storyPagesApi;

/** What the story codes mean for each call (spec 1 §8 "Story"). */
const MISSING = { 40402: 'stories:list.errors.missing', 40418: 'stories:list.errors.deleted' };
const NO_PERMISSION = { 40330: 'stories:list.errors.noPermission' };
const TITLE = {
  42241: 'stories:list.errors.titleRequired',
  42204: 'stories:list.errors.titleTooLong',
};
const CHAPTER_NAME = {
  42241: 'stories:list.errors.chapterNameRequired',
  42204: 'stories:list.errors.chapterNameTooLong',
};

// The naming dialogs show these failures at their field instead of a toast.
markSilent('createStory', 'renameStory', 'createChapter');

registerErrorMessages('createStory', TITLE);
registerErrorMessages('renameStory', { ...MISSING, ...NO_PERMISSION, ...TITLE });
registerErrorMessages('getStory', { ...MISSING, ...NO_PERMISSION });
registerErrorMessages('deleteStory', {
  ...MISSING,
  ...NO_PERMISSION,
  40418: 'stories:list.errors.alreadyDeleted',
});
registerErrorMessages('recoverStory', {
  40402: 'stories:list.errors.notInRecycle',
  ...NO_PERMISSION,
});
registerErrorMessages('purgeStory', {
  40402: 'stories:list.errors.notInRecycle',
  ...NO_PERMISSION,
});
registerErrorMessages('setStoryShareStatus', {
  ...MISSING,
  ...NO_PERMISSION,
  42223: 'stories:list.errors.alreadyShared',
});
registerErrorMessages('exportStory', {
  ...MISSING,
  ...NO_PERMISSION,
  40418: 'stories:list.errors.chapterDeleted',
});
registerErrorMessages('listChapters', { ...MISSING, ...NO_PERMISSION });
registerErrorMessages('createChapter', { ...MISSING, ...NO_PERMISSION, ...CHAPTER_NAME });
registerErrorMessages('updateChapterMeta', {
  ...MISSING,
  ...NO_PERMISSION,
  ...CHAPTER_NAME,
  40418: 'stories:list.errors.chapterDeleted',
  42242: 'stories:list.errors.bodyEmpty',
  42248: 'stories:list.errors.bodyTooShort',
});
registerErrorMessages('bindStoryWorld', {
  ...MISSING,
  ...NO_PERMISSION,
  40403: 'stories:list.errors.worldMissing',
});
registerErrorMessages('getSharedStory', {
  40402: 'stories:list.errors.shareMissing',
  40418: 'stories:list.errors.shareDeleted',
  40330: 'stories:list.errors.shareNoPermission',
});

export const {
  useCreateStoryMutation,
  useListBindableWorldsQuery,
  useGetStoryQuery,
  useRenameStoryMutation,
  useDeleteStoryMutation,
  useRecoverStoryMutation,
  usePurgeStoryMutation,
  useSetStoryShareStatusMutation,
  useLazyExportStoryQuery,
  useListChaptersQuery,
  useCreateChapterMutation,
  useUpdateChapterMetaMutation,
  useBindStoryWorldMutation,
  useGetSharedStoryQuery,
} = storiesApi;

export type {
  ChapterMeta,
  RecycledStory,
  ShareStatus,
  SharedChapter,
  SharedStory,
  Story,
  StoryExport,
  StoryWorldRef,
} from './stories.gen';
