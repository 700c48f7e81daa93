import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { profileApi } from '@/api/profile';
import { uploadApi } from '@/api/upload';
import { postUploadForm } from './post-form';
import type { UploadTransport } from './run-upload';
import type { UploadFlow, UploadTarget } from './upload-target';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

const fresh = { subscribe: false, forceRefetch: true } as const;

/**
 * The real calls of one upload flow through RTK Query (headers, auth refresh, errors
 * normalised), and the form post by XMLHttpRequest for its progress.
 */
export function uploadTransport(
  dispatch: Dispatch,
  flow: UploadFlow,
  target: UploadTarget,
  png: boolean,
): UploadTransport {
  const imageFormat = png ? ('png' as const) : undefined;
  const format = imageFormat ? { imageFormat } : {};
  return {
    requestAccess() {
      switch (flow) {
        case 'avatar':
          return dispatch(
            profileApi.endpoints.getAvatarUploadAccess.initiate(format, fresh),
          ).unwrap();
        case 'cover':
          return dispatch(
            uploadApi.endpoints.getWorldCoverUploadAccess.initiate(format, fresh),
          ).unwrap();
        case 'entry': {
          const t = target as Extract<UploadTarget, { kind: 'entry' }>;
          return dispatch(
            uploadApi.endpoints.getEntryImageUploadAccess.initiate(
              { id: t.worldId, entryId: t.entryId, suffix: png ? 'png' : 'jpg', ...format },
              fresh,
            ),
          ).unwrap();
        }
        case 'report':
          return dispatch(
            uploadApi.endpoints.getReportUploadAccess.initiate(format, fresh),
          ).unwrap();
        case 'explorationAvatar': {
          const t = target as Extract<UploadTarget, { kind: 'entry' }>;
          return dispatch(
            uploadApi.endpoints.getExplorationAvatarUploadAccess.initiate({
              // The exploration screen's path carries no id: a caller without the chat id
              // names the exploration by its world.
              chatId: t.chatId ?? t.worldId,
              entryId: t.entryId,
              ...format,
            }),
          ).unwrap();
        }
      }
    },
    postForm: (access, file, onProgress) =>
      postUploadForm(access, file, onProgress, png ? 'image.png' : 'image.jpg'),
    pollResult: (queryId) =>
      dispatch(uploadApi.endpoints.getUploadResult.initiate({ queryId }, fresh)).unwrap(),
  };
}
