import { useCallback, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useTranslation } from 'react-i18next';
import { baseApi } from '@/api/base-api';
import { SELF_PROFILE_ID } from '@/api/profile';
import {
  overlayClosed,
  overlayOpened,
  selectOverlay,
  type overlaySlice,
} from '@/components/ui/loading-overlay/overlay-slice';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { analytics } from '@/components/media/upload/analytics';
import { UploadFailedError, runUpload } from '@/components/media/upload/run-upload';
import { uploadTransport } from '@/components/media/upload/transport';
import { uploadFailureText } from '@/components/media/upload/upload-errors';
import type { UploadState } from '@/components/media/upload/upload-machine';
import {
  ACCESS_ENDPOINT,
  uploadAnalytics,
  uploadFlow,
  type UploadTarget,
} from '@/components/media/upload/upload-target';
import type { CropResult } from './crop-output';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

type WithOverlay = { [overlaySlice.reducerPath]: ReturnType<typeof overlaySlice.reducer> };

/** Opens the full-screen loader and answers its id, so only this one is closed later. */
const openOverlay =
  (text: string) =>
  (dispatch: Dispatch, getState: () => unknown): number => {
    dispatch(overlayOpened({ text }));
    return selectOverlay(getState() as WithOverlay)?.id ?? 0;
  };

export interface ImageUpload {
  /**
   * Uploads a crop for the target and resolves with the stored image's url. Shows the loading
   * overlay with the progress; on failure closes it, shows the flow's message (nothing when
   * the 60 polls ran out) and rejects.
   */
  upload(crop: CropResult): Promise<string | null>;
  /** The pipeline's state while an upload runs (idle before the first). */
  state: UploadState;
}

/** The upload pipeline for one target (avatar, world cover, entry image). */
export function useImageUpload(target: UploadTarget): ImageUpload {
  const dispatch = useDispatch<Dispatch>();
  const { t } = useTranslation('media');
  const [state, setState] = useState<UploadState>({ phase: 'idle' });

  const upload = useCallback(
    async (crop: CropResult) => {
      const flow = uploadFlow(target, window.location.pathname);
      const transport = uploadTransport(dispatch, flow, target, crop.blob.type === 'image/png');
      const events = uploadAnalytics(target, crop.ratio);
      if (events.started) analytics.track(events.started.name, events.started.props);

      let overlayId = 0;
      let shown = '';
      const show = (text: string) => {
        if (text === shown) return;
        shown = text;
        overlayId = dispatch(openOverlay(text));
      };
      const onChange = (s: UploadState) => {
        setState(s);
        if (s.phase === 'posting') show(t('media:upload.progress', { percent: s.percent }));
        else if (s.phase === 'polling') show(t('media:upload.checking'));
        else if (s.phase === 'requesting') show(t('media:upload.starting'));
      };
      const close = () => {
        if (overlayId) dispatch(overlayClosed(overlayId));
      };

      try {
        const { url } = await runUpload(crop.blob, transport, { onChange });
        close();
        if (events.succeeded) analytics.track(events.succeeded.name, events.succeeded.props);
        if (flow === 'avatar') {
          // The new avatar shows in the header (Self), the profile and the change count.
          dispatch(
            baseApi.util.invalidateTags([
              'Self',
              'Limits',
              { type: 'Profile', id: SELF_PROFILE_ID },
            ]),
          );
        }
        return url;
      } catch (error) {
        close();
        if (error instanceof UploadFailedError) {
          const failed = uploadAnalytics(target, crop.ratio, error.failure).failed;
          if (failed) analytics.track(failed.name, failed.props);
          const msg = uploadFailureText(error.failure, ACCESS_ENDPOINT[flow], (k) => t(k));
          dispatch(toastShown({ msg, type: 'error' }));
        }
        throw error;
      }
    },
    [dispatch, t, target],
  );

  return { upload, state };
}
