import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { isApiError } from '@/core/api-error';
import { markSilent, registerErrorMessages, type MessageRef } from '../error-messages';
import { firstPageUrl } from '../paging';
import { cursorPages } from '../social';
import {
  generatedApi,
  type ChatArchiveList,
  type ChatEntryList,
  type ChatGameList,
  type ChatMessageList,
} from './exploration.gen';

/** Messages per page of a chat's history (the contract allows 1-50). */
export const HISTORY_PAGE_SIZE = 50;
/** Chat games per page of /dashboard/exploration. */
export const CHAT_GAME_PAGE_SIZE = 20;
/** Save points per page of the save-point list. */
export const ARCHIVE_PAGE_SIZE = 20;
/** Entries per page of the chat's world editor. */
export const CHAT_ENTRY_PAGE_SIZE = 20;

/**
 * Chat games (spec 2 §4 "Chat game", §7 "Chat games"). Cache policy:
 * - a chat (`Chat` by chat id) changes with its model, display and play modes and with every
 *   reply (options, goals); its history (`ChatHistory` by chat id) is an infinite query that the
 *   screen updates in place as replies stream, messages are edited or recalled, so no mutation
 *   of a message refetches it (a refetch would drop the pages read while scrolling up);
 * - a game's save points (`ChatArchive` by game id) and its saved flag (`ChatSaved`) change
 *   with a save, a branch, a load and every message;
 * - the games list (`ChatGame`) changes when a game is started, deleted or played;
 * - the chat's own world (`ChatUniverse`, `ChatEntry` by chat id) is X2's editing surface;
 * - dialogue power (`DialogueBenefits`) is spent by replies (read again after each).
 * The reply stream itself is `chat-stream.ts` (the generated send/play endpoints exist for the
 * contract only).
 */
const enhanced = generatedApi.enhanceEndpoints({
  addTagTypes: [
    'ChatGame',
    'Chat',
    'ChatHistory',
    'ChatArchive',
    'ChatSaved',
    'ChatUniverse',
    'ChatEntry',
    'ChatModels',
    'DialogueBenefits',
    'ChatTrans',
    'Chapter',
    'Story',
  ],
  endpoints: {
    listChatGames: { providesTags: [{ type: 'ChatGame', id: 'LIST' }] },
    deleteChatGame: { invalidatesTags: [{ type: 'ChatGame', id: 'LIST' }] },
    getChat: {
      providesTags: (_r, _e, { chatId }) => [{ type: 'Chat', id: chatId }],
    },
    listPlayedOptions: {
      providesTags: (_r, _e, { chatId }) => [{ type: 'Chat', id: chatId }],
    },
    playChatOption: { invalidatesTags: [] },
    sendChatMessage: { invalidatesTags: [] },
    retryChatReply: { invalidatesTags: [] },
    listChatHistory: {
      providesTags: (_r, _e, { chatId }) => [{ type: 'ChatHistory', id: chatId }],
    },
    listChatWritingModels: { providesTags: ['ChatModels'] },
    setChatModel: {
      invalidatesTags: (_r, error, { chatId }) => (error ? [] : [{ type: 'Chat', id: chatId }]),
    },
    getChatUniverse: {
      providesTags: (_r, _e, { chatId }) => [{ type: 'ChatUniverse', id: chatId }],
    },
    setChatBackground: {
      invalidatesTags: (_r, _e, { chatId }) => [{ type: 'ChatUniverse', id: chatId }],
    },
    listChatEntries: {
      providesTags: (_r, _e, { chatId }) => [{ type: 'ChatEntry', id: chatId }],
    },
    getChatEntry: {
      providesTags: (_r, _e, { chatId, entryId }) => [
        { type: 'ChatEntry', id: `${chatId}/${entryId}` },
      ],
    },
    createChatEntry: {
      invalidatesTags: (_r, _e, { chatId }) => [
        { type: 'ChatEntry', id: chatId },
        { type: 'ChatUniverse', id: chatId },
      ],
    },
    updateChatEntry: {
      invalidatesTags: (_r, _e, { chatId, entryId }) => [
        { type: 'ChatEntry', id: chatId },
        { type: 'ChatEntry', id: `${chatId}/${entryId}` },
        { type: 'Chat', id: chatId },
      ],
    },
    deleteChatEntry: {
      invalidatesTags: (_r, _e, { chatId }) => [
        { type: 'ChatEntry', id: chatId },
        { type: 'ChatUniverse', id: chatId },
        { type: 'Chat', id: chatId },
      ],
    },
    addChatForbiddenWord: {
      invalidatesTags: (_r, _e, { chatId }) => [{ type: 'ChatUniverse', id: chatId }],
    },
    deleteChatForbiddenWord: {
      invalidatesTags: (_r, _e, { chatId }) => [{ type: 'ChatUniverse', id: chatId }],
    },
    // The screen writes the edited message into the history itself.
    editChatMessage: { invalidatesTags: ['ChatSaved'] },
    branchChatFromMessage: {
      invalidatesTags: (_r, error) =>
        error ? [] : ['ChatArchive', 'ChatSaved', { type: 'ChatGame', id: 'LIST' }],
    },
    setChatInteractiveType: {
      invalidatesTags: (_r, error, { chatId }) => (error ? [] : [{ type: 'Chat', id: chatId }]),
    },
    setChatTaskGuidingMode: {
      invalidatesTags: (_r, error, { chatId }) => (error ? [] : [{ type: 'Chat', id: chatId }]),
    },
    // The screen removes the recalled messages from the history itself.
    recallChatMessage: {
      invalidatesTags: (_r, error, { chatId }) =>
        error ? [] : [{ type: 'Chat', id: chatId }, 'ChatSaved', { type: 'ChatGame', id: 'LIST' }],
    },
    getChatGameBySource: { providesTags: [{ type: 'ChatGame', id: 'LIST' }], keepUnusedDataFor: 0 },
    newStartChatGame: { invalidatesTags: [{ type: 'ChatGame', id: 'LIST' }] },
    listChatArchives: {
      providesTags: (_r, _e, { gameId }) => [{ type: 'ChatArchive', id: gameId }],
    },
    createChatArchive: {
      invalidatesTags: (_r, error, { gameId }) =>
        error ? [] : [{ type: 'ChatArchive', id: gameId }, 'ChatSaved'],
    },
    isChatGameSaved: {
      providesTags: (_r, _e, { gameId }) => [{ type: 'ChatSaved', id: gameId }],
      keepUnusedDataFor: 0,
    },
    loadChatArchive: {
      invalidatesTags: (_r, error) =>
        error ? [] : ['ChatArchive', 'ChatSaved', { type: 'ChatGame', id: 'LIST' }],
    },
    // A new chapter: the stories lists show it.
    sendChatToDesk: {
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'Chapter', id: result.story_id },
              { type: 'Story', id: result.story_id },
              { type: 'Story', id: 'LIST' },
            ]
          : [],
    },
    getChatTransAcknowledge: { providesTags: ['ChatTrans'] },
    acknowledgeChatTrans: { invalidatesTags: (_r, error) => (error ? [] : ['ChatTrans']) },
    getDialogueBenefits: { providesTags: ['DialogueBenefits'] },
  },
});

export const explorationApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    /** My chat games, `limit` per page (spec 2 §7 "GET /api/v2/chat_games with limit"). */
    listChatGamePages: build.infiniteQuery<ChatGameList, { limit?: number } | void, string>({
      ...cursorPages<ChatGameList, { limit?: number } | void>((arg) =>
        firstPageUrl('/api/v2/chat_games', { limit: arg?.limit ?? CHAT_GAME_PAGE_SIZE }),
      ),
      providesTags: [{ type: 'ChatGame', id: 'LIST' }],
    }),
    /**
     * A chat's history: the first page holds the latest messages (latest first), each next
     * page goes further back; the screen asks for the next as the reader scrolls up.
     */
    listChatHistoryPages: build.infiniteQuery<
      ChatMessageList,
      { chatId: string; limit?: number },
      string
    >({
      ...cursorPages<ChatMessageList, { chatId: string; limit?: number }>(({ chatId, limit }) =>
        firstPageUrl(`/api/v2/chats/${encodeURIComponent(chatId)}/history`, {
          limit: limit ?? HISTORY_PAGE_SIZE,
        }),
      ),
      providesTags: (_r, _e, { chatId }) => [{ type: 'ChatHistory', id: chatId }],
      keepUnusedDataFor: 30,
    }),
    /** A game's save points, newest first. */
    listChatArchivePages: build.infiniteQuery<
      ChatArchiveList,
      { gameId: string; limit?: number },
      string
    >({
      ...cursorPages<ChatArchiveList, { gameId: string; limit?: number }>(({ gameId, limit }) =>
        firstPageUrl(`/api/v2/chat_games/${encodeURIComponent(gameId)}/chat_archives`, {
          limit: limit ?? ARCHIVE_PAGE_SIZE,
        }),
      ),
      providesTags: (_r, _e, { gameId }) => [{ type: 'ChatArchive', id: gameId }],
    }),
    /**
     * The entries of a chat's own world (spec 2 §7 "with limit, type and name"), by name,
     * `limit` a page; the filter is part of the argument, so each filter is its own list.
     */
    listChatEntryPages: build.infiniteQuery<
      ChatEntryList,
      { chatId: string; limit?: number; type?: 'normal' | 'character'; name?: string },
      string
    >({
      ...cursorPages<
        ChatEntryList,
        { chatId: string; limit?: number; type?: 'normal' | 'character'; name?: string }
      >(({ chatId, limit, type, name }) =>
        firstPageUrl(`/api/v2/chats/${encodeURIComponent(chatId)}/universe/entries`, {
          limit: limit ?? CHAT_ENTRY_PAGE_SIZE,
          type,
          name: name || undefined,
        }),
      ),
      providesTags: (_r, _e, { chatId }) => [{ type: 'ChatEntry', id: chatId }],
    }),
  }),
});

// ------------------------------------------------------------------ error messages (spec 2 §8)

/**
 * Spec 2 §8's exploration catalogue holds on every chat call, listed in the contract or not (a
 * real server may answer any of them, e.g. 40404 when the speaking role's entry was deleted
 * mid-send); the registrations below refine a code where one flow means something narrower.
 */
const INPUT_LENGTH: MessageRef = {
  key: 'exploration:errors.inputLength',
  values: { max: EXPLORATION_LIMITS.input },
};
const CHAT_CATALOGUE: Record<number, MessageRef> = {
  40413: 'exploration:errors.modelDeleted',
  42236: 'exploration:errors.modelPaused',
  42212: 'exploration:errors.wordTooLong',
  42224: INPUT_LENGTH,
  40411: 'exploration:errors.recordDeleted',
  42247: 'exploration:errors.chineseUnsupported',
  40308: 'exploration:errors.retracted',
  40404: 'exploration:errors.entryDeleted',
  40408: 'exploration:errors.missing',
};
/** Every chat call (the exploration tag, and the paged reads built here). */
export const CHAT_ENDPOINTS = [
  'listChatGames',
  'listChatGamePages',
  'deleteChatGame',
  'getChat',
  'listPlayedOptions',
  'playChatOption',
  'sendChatMessage',
  'retryChatReply',
  'listChatHistory',
  'listChatHistoryPages',
  'listChatWritingModels',
  'setChatModel',
  'getChatUniverse',
  'setChatBackground',
  'listChatEntries',
  'listChatEntryPages',
  'createChatEntry',
  'getChatEntry',
  'updateChatEntry',
  'deleteChatEntry',
  'addChatForbiddenWord',
  'deleteChatForbiddenWord',
  'editChatMessage',
  'branchChatFromMessage',
  'setChatInteractiveType',
  'setChatTaskGuidingMode',
  'recallChatMessage',
  'getChatGameBySource',
  'newStartChatGame',
  'listChatArchives',
  'listChatArchivePages',
  'createChatArchive',
  'isChatGameSaved',
  'loadChatArchive',
  'sendChatToDesk',
  'getChatTransAcknowledge',
  'acknowledgeChatTrans',
  'getDialogueBenefits',
];
for (const endpoint of CHAT_ENDPOINTS) registerErrorMessages(endpoint, CHAT_CATALOGUE);

const MISSING = { 40408: 'exploration:errors.missing' };
const MODEL = {
  40413: 'exploration:errors.modelDeleted',
  42236: 'exploration:errors.modelPaused',
  40340: 'exploration:errors.membersOnly',
};
/** Sending a message and playing an option share their refusals (and stream events). */
const REPLY = {
  ...MISSING,
  ...MODEL,
  40260: 'exploration:errors.noPower',
  40420: 'exploration:errors.replyFailed',
  42224: INPUT_LENGTH,
  42247: 'exploration:errors.chineseUnsupported',
};
const MESSAGE = {
  ...MISSING,
  40308: 'exploration:errors.retracted',
  40411: 'exploration:errors.messageMissing',
};
const ENTRY = {
  ...MISSING,
  40404: 'exploration:errors.entryDeleted',
};

for (const endpoint of [
  'listChatGames',
  'listChatGamePages',
  'deleteChatGame',
  'getChat',
  'listPlayedOptions',
  'listChatHistory',
  'listChatHistoryPages',
  'getChatUniverse',
  'listChatEntries',
  'listChatEntryPages',
  'setChatInteractiveType',
  'setChatTaskGuidingMode',
  'listChatArchives',
  'listChatArchivePages',
  'isChatGameSaved',
  'deleteChatForbiddenWord',
]) {
  registerErrorMessages(endpoint, MISSING);
}
// The chat's world is edited by a world's rules (spec 1 §5); the shared messages name 42205,
// 42206, 42207, 42256 and 42257; the server's lower background limit is named at the field.
registerErrorMessages('setChatBackground', {
  ...MISSING,
  42205: 'exploration:errors.backgroundTooLong',
});
const ENTRY_BODY = { 42200: 'exploration:errors.entryEmpty' };
registerErrorMessages('createChatEntry', { ...MISSING, ...ENTRY_BODY });
registerErrorMessages('sendChatMessage', REPLY);
registerErrorMessages('playChatOption', { ...REPLY, 40411: 'exploration:errors.optionGone' });
registerErrorMessages('retryChatReply', { ...REPLY, 40411: 'exploration:errors.retryGone' });
registerErrorMessages('setChatModel', { ...MISSING, ...MODEL });
registerErrorMessages('editChatMessage', {
  ...MESSAGE,
  40920: 'common:conflict.error',
  42224: 'exploration:errors.editLength',
});
registerErrorMessages('recallChatMessage', {
  ...MESSAGE,
  40308: 'exploration:errors.alreadyRecalled',
  42200: 'exploration:errors.recallNotPlayer',
});
registerErrorMessages('branchChatFromMessage', {
  ...MESSAGE,
  42200: 'exploration:errors.titleTooLong',
});
registerErrorMessages('getChatEntry', ENTRY);
registerErrorMessages('updateChatEntry', { ...ENTRY, ...ENTRY_BODY });
registerErrorMessages('deleteChatEntry', ENTRY);
registerErrorMessages('addChatForbiddenWord', {
  ...MISSING,
  40301: 'exploration:errors.tooManyWords',
  42200: 'exploration:errors.wordBlank',
  42212: 'exploration:errors.wordTooLong',
});
registerErrorMessages('getChatGameBySource', { 40403: 'exploration:errors.worldMissing' });
registerErrorMessages('newStartChatGame', {
  ...MODEL,
  40403: 'exploration:errors.worldMissing',
});
registerErrorMessages('createChatArchive', {
  ...MISSING,
  42200: 'exploration:errors.titleTooLong',
});
registerErrorMessages('loadChatArchive', {
  ...MISSING,
  40411: 'exploration:errors.archiveMissing',
});
registerErrorMessages('sendChatToDesk', {
  ...MISSING,
  40330: 'exploration:errors.storyNoPermission',
  40402: 'exploration:errors.storyMissing',
  40418: 'exploration:errors.storyDeleted',
  40411: 'exploration:errors.archiveMissing',
  42224: 'exploration:errors.emptySpan',
  42200: 'exploration:errors.titleTooLong',
});

// Shown where they happen: the edit form, the save and desk dialogs, the conversion notice.
markSilent(
  'editChatMessage',
  'createChatArchive',
  'sendChatToDesk',
  'getChatTransAcknowledge',
  'acknowledgeChatTrans',
  'isChatGameSaved',
);
// The save-points dialog says why a load failed in the dialog, above its list.
markSilent('loadChatArchive');
// The chat's world editor shows these at the field, keeping what was typed.
markSilent('setChatBackground', 'createChatEntry', 'updateChatEntry', 'addChatForbiddenWord');

/**
 * The error alert of a failed 3.0 acknowledgement (spec 2 §8): an error body with
 * `error_code` 0 (and an `error_id`) carries the text to show; null for any other failure,
 * which is resolved like every other call's.
 */
export function transFailureText(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.code === 0 && error.serverMessage ? error.serverMessage : null;
}

export const {
  useListChatGamesQuery,
  useDeleteChatGameMutation,
  useGetChatQuery,
  useListPlayedOptionsQuery,
  useListChatWritingModelsQuery,
  useSetChatModelMutation,
  useGetChatUniverseQuery,
  useSetChatBackgroundMutation,
  useListChatEntriesQuery,
  useCreateChatEntryMutation,
  useGetChatEntryQuery,
  useUpdateChatEntryMutation,
  useDeleteChatEntryMutation,
  useAddChatForbiddenWordMutation,
  useDeleteChatForbiddenWordMutation,
  useEditChatMessageMutation,
  useBranchChatFromMessageMutation,
  useSetChatInteractiveTypeMutation,
  useSetChatTaskGuidingModeMutation,
  useRecallChatMessageMutation,
  useGetChatGameBySourceQuery,
  useLazyGetChatGameBySourceQuery,
  useNewStartChatGameMutation,
  useCreateChatArchiveMutation,
  useIsChatGameSavedQuery,
  useLoadChatArchiveMutation,
  useSendChatToDeskMutation,
  useGetChatTransAcknowledgeQuery,
  useAcknowledgeChatTransMutation,
  useGetDialogueBenefitsQuery,
} = enhanced;

export const {
  useListChatGamePagesInfiniteQuery,
  useListChatHistoryPagesInfiniteQuery,
  useListChatArchivePagesInfiniteQuery,
  useListChatEntryPagesInfiniteQuery,
} = explorationApi;

export type {
  Chat,
  ChatArchive,
  ChatArchiveList,
  ChatBranchResult,
  ChatCharacter,
  ChatEntryList,
  ChatGame,
  ChatGameList,
  ChatGameLookup,
  ChatGoal,
  ChatMessage,
  ChatMessageList,
  ChatModel,
  ChatRole,
  ChatStreamEvent,
  ChatUniverse,
  DialogueBenefits,
  Entry as ChatEntry,
  EntryBody as ChatEntryBody,
  EntryType as ChatEntryType,
  ForbiddenWord,
  InteractiveType,
  NewStartBody,
  PlayedOption,
  RecallResult,
  TaskGuidingMode,
  ToDeskBody,
  ToDeskResult,
  TransAcknowledge,
} from './exploration.gen';
