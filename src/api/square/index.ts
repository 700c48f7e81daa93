import { registerErrorMessages } from '../error-messages';
import { cursorPages, firstPageUrl, SOCIAL_PAGE_SIZE } from '../paging';
import {
  generatedApi,
  type FollowUserList,
  type ShareKind,
  type ShareList,
  type SquareCharacterList,
} from './square.gen';

export type SquareTab = 'recommend' | 'latest';

const enhanced = generatedApi.enhanceEndpoints({
  addTagTypes: ['Square'],
  endpoints: {
    listSquareCharacters: { providesTags: ['Square'] },
  },
});

export const squareApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    listSquarePages: build.infiniteQuery<ShareList, { tab: SquareTab; kind?: ShareKind }, string>({
      ...cursorPages<ShareList, { tab: SquareTab; kind?: ShareKind }>(({ tab, kind }) =>
        firstPageUrl('/api/v1/square/shares', { tab, kind, limit: SOCIAL_PAGE_SIZE }),
      ),
      providesTags: ['Square'],
    }),
    /** Characters of one shared world (spec 2 §7: `page` and `per_page`), page after page. */
    listWorldCharacterPages: build.infiniteQuery<SquareCharacterList, { shareId: string }, string>({
      ...cursorPages<SquareCharacterList, { shareId: string }>(({ shareId }) =>
        firstPageUrl(`/api/v1/square/${encodeURIComponent(shareId)}/universes/characters`, {
          page: 1,
          per_page: SOCIAL_PAGE_SIZE,
        }),
      ),
    }),
    searchSharePages: build.infiniteQuery<ShareList, { keyword: string; kind: ShareKind }, string>({
      ...cursorPages<ShareList, { keyword: string; kind: ShareKind }>(({ keyword, kind }) =>
        firstPageUrl('/api/v1/search/shares', { keyword, kind, limit: SOCIAL_PAGE_SIZE }),
      ),
      keepUnusedDataFor: 30,
    }),
    searchUserPages: build.infiniteQuery<FollowUserList, { keyword: string }, string>({
      ...cursorPages<FollowUserList, { keyword: string }>(({ keyword }) =>
        firstPageUrl('/api/v1/search/users', { keyword, limit: SOCIAL_PAGE_SIZE }),
      ),
      keepUnusedDataFor: 30,
    }),
  }),
});

const KEYWORD = {
  42263: 'social:search.errors.empty',
  42264: 'social:search.errors.tooLong',
};
registerErrorMessages('searchShares', KEYWORD);
registerErrorMessages('searchUsers', KEYWORD);
registerErrorMessages('listSquareWorldCharacters', { 40403: 'square:square.errors.worldMissing' });

export const { useListSquareCharactersQuery } = enhanced;
export const {
  useListSquarePagesInfiniteQuery,
  useListWorldCharacterPagesInfiniteQuery,
  useSearchSharePagesInfiniteQuery,
  useSearchUserPagesInfiniteQuery,
} = squareApi;

export type { Share, ShareKind, ShareList, SquareCharacter } from './square.gen';
