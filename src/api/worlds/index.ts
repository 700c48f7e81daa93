import { markSilent, registerErrorMessages } from '../error-messages';
import { generatedApi, type EntryList, type ListEntriesApiArg, type WorldList } from './worlds.gen';

/** Worlds per page of "my worlds" (spec 1 §7, §9). */
export const WORLDS_PER_PAGE = 20;
export const WORLD_LIST_ID = 'LIST';
export const entryListId = (worldId: string) => `LIST-${worldId}`;

/** The entry list query without the world id and the page (the filter of the glossary panel). */
export type EntryFilter = Omit<ListEntriesApiArg, 'id' | 'page'>;

/**
 * The query string of an entry list call: per_page only when above 0 (spec 1 §5), empty
 * filters left out.
 */
export function entryListParams(
  filter: EntryFilter,
  page: number,
): Record<string, string | number> {
  const params: Record<string, string | number> = { page };
  if (filter.perPage !== undefined && filter.perPage > 0) params.per_page = filter.perPage;
  if (filter.type) params.type = filter.type;
  if (filter.orderBy) params.order_by = filter.orderBy;
  if (filter.name?.trim()) params.name = filter.name.trim();
  return params;
}

const enhanced = generatedApi.enhanceEndpoints({
  addTagTypes: ['World', 'Entry'],
  endpoints: {
    listWorlds: { providesTags: [{ type: 'World', id: WORLD_LIST_ID }] },
    getWorld: { providesTags: (_r, _e, { id }) => [{ type: 'World', id }] },
    createWorld: { invalidatesTags: [{ type: 'World', id: WORLD_LIST_ID }] },
    deleteWorlds: {
      invalidatesTags: (_r, _e, { deleteWorldsBody }) => [
        { type: 'World', id: WORLD_LIST_ID },
        ...deleteWorldsBody.universe_ids.map((id) => ({ type: 'World' as const, id })),
      ],
    },
    updateWorld: {
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'World', id },
        { type: 'World', id: WORLD_LIST_ID },
      ],
    },
    setWorldShareStatus: {
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'World', id },
        { type: 'World', id: WORLD_LIST_ID },
      ],
    },
    addForbiddenWord: {
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'World', id },
        { type: 'World', id: WORLD_LIST_ID },
      ],
    },
    deleteForbiddenWord: {
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'World', id },
        { type: 'World', id: WORLD_LIST_ID },
      ],
    },
    listEntries: { providesTags: (_r, _e, { id }) => [{ type: 'Entry', id: entryListId(id) }] },
    getEntry: { providesTags: (_r, _e, { entryId }) => [{ type: 'Entry', id: entryId }] },
    createEntry: { invalidatesTags: (_r, _e, { id }) => entryChange(id) },
    updateEntry: {
      invalidatesTags: (_r, _e, { id, entryId }) => [
        ...entryChange(id),
        { type: 'Entry', id: entryId },
      ],
    },
    deleteEntry: {
      invalidatesTags: (_r, _e, { id, entryId }) => [
        ...entryChange(id),
        { type: 'Entry', id: entryId },
      ],
    },
    getSharedWorld: {
      providesTags: (_r, _e, { shareId }) => [{ type: 'World', id: `share-${shareId}` }],
    },
  },
});

/** An entry change shows in the world's entry list, its entry count and its place in my worlds. */
function entryChange(worldId: string) {
  return [
    { type: 'Entry' as const, id: entryListId(worldId) },
    { type: 'World' as const, id: worldId },
    { type: 'World' as const, id: WORLD_LIST_ID },
  ];
}

/**
 * Paged lists follow the server's `next` cursor link (spec 1 §7 "a generic next-page call"):
 * the page param is the link itself, and the list ends when `has_next` is false.
 */
export const worldsApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    listWorldPages: build.infiniteQuery<WorldList, void, string>({
      infiniteQueryOptions: {
        initialPageParam: `/api/v1/universes?page=1&per_page=${WORLDS_PER_PAGE}`,
        getNextPageParam: (last) =>
          last.paging.has_next ? (last.paging.next ?? undefined) : undefined,
      },
      query: ({ pageParam }) => pageParam,
      providesTags: [{ type: 'World', id: WORLD_LIST_ID }],
    }),
    listEntryPages: build.infiniteQuery<EntryList, { id: string; filter: EntryFilter }, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (last) =>
          last.paging.has_next ? (last.paging.next ?? undefined) : undefined,
      },
      query: ({ queryArg, pageParam }) =>
        pageParam || {
          url: `/api/v1/universes/${encodeURIComponent(queryArg.id)}/entries`,
          params: entryListParams(queryArg.filter, 1),
        },
      providesTags: (_r, _e, { id }) => [{ type: 'Entry', id: entryListId(id) }],
    }),
  }),
});

// Forms show these failures at their fields, so no toast on top.
markSilent('createWorld', 'updateWorld', 'addForbiddenWord', 'createEntry', 'updateEntry');

const WORLD_MISSING = { 40403: 'worlds:errors.worldMissing' };
const ENTRY_MISSING = { ...WORLD_MISSING, 40404: 'worlds:errors.entryMissing' };
const WORD_INVALID = { 42258: 'worlds:errors.wordInvalid' };
const RELATIONSHIPS = { 42259: 'worlds:errors.relationshipsInvalid' };

registerErrorMessages('getWorld', WORLD_MISSING);
const CHANGED_ELSEWHERE = { 40920: 'common:conflict.error' };
registerErrorMessages('updateWorld', { ...WORLD_MISSING, ...CHANGED_ELSEWHERE });
registerErrorMessages('deleteWorlds', WORLD_MISSING);
registerErrorMessages('createWorld', { 40403: 'worlds:errors.shareMissing', ...WORD_INVALID });
registerErrorMessages('setWorldShareStatus', {
  ...WORLD_MISSING,
  40333: 'worlds:errors.banned',
  42200: 'worlds:errors.shareStatusInvalid',
});
registerErrorMessages('addForbiddenWord', { ...WORLD_MISSING, ...WORD_INVALID });
registerErrorMessages('deleteForbiddenWord', WORLD_MISSING);
registerErrorMessages('listEntries', WORLD_MISSING);
registerErrorMessages('getEntry', ENTRY_MISSING);
registerErrorMessages('createEntry', {
  ...WORLD_MISSING,
  42200: 'worlds:errors.nameOrDescription',
  ...RELATIONSHIPS,
});
registerErrorMessages('updateEntry', {
  ...ENTRY_MISSING,
  ...CHANGED_ELSEWHERE,
  42200: 'worlds:errors.nameOrDescription',
  ...RELATIONSHIPS,
});
registerErrorMessages('deleteEntry', ENTRY_MISSING);
registerErrorMessages('getSharedWorld', {
  40330: 'worlds:errors.sharePrivate',
  40333: 'worlds:errors.shareBanned',
  40403: 'worlds:errors.shareGone',
});
// The infinite lists are the same calls as their generated endpoints.
registerErrorMessages('listEntryPages', WORLD_MISSING);

export const {
  useListWorldPagesInfiniteQuery,
  useListEntryPagesInfiniteQuery,
  useGetWorldQuery,
  useCreateWorldMutation,
  useDeleteWorldsMutation,
  useUpdateWorldMutation,
  useSetWorldShareStatusMutation,
  useAddForbiddenWordMutation,
  useDeleteForbiddenWordMutation,
  useCreateEntryMutation,
  useUpdateEntryMutation,
  useDeleteEntryMutation,
  useGetSharedWorldQuery,
} = worldsApi;

export type {
  CharacterRelationship,
  CreateWorldBody,
  Entry,
  EntryBody,
  EntryType,
  ForbiddenWord,
  ShareStatus,
  SharedWorld,
  World,
} from './worlds.gen';
