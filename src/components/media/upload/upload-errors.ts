import { errorText } from '@/api/error-messages';
import { isApiError } from '@/core/api-error';
import type { UploadFailure } from './upload-machine';

/** Client-side failures and their spec 1 §5 translation keys (update_web_error ... ). */
const CLIENT_KEYS = {
  noFileReader: 'media:errors.noFileReader',
  notImage: 'media:errors.notImage',
  accessStatus: 'media:errors.uploadFailed',
  postStatus: 'media:errors.uploadFailed',
  tooLarge: 'media:errors.tooLarge',
  sensitive: 'media:errors.sensitive',
  pollFailed: 'media:errors.pollFailed',
} as const satisfies Record<Exclude<UploadFailure['kind'], 'access'>, string>;

/**
 * The message of a failed upload. An access refusal is resolved from (access call, code):
 * 40403 is the world in the entry flow but the exploration in the exploration flow.
 */
export function uploadFailureText(
  failure: UploadFailure,
  accessEndpoint: string,
  t: (key: string) => string,
): string {
  if (failure.kind !== 'access') return t(CLIENT_KEYS[failure.kind]);
  return isApiError(failure.error)
    ? errorText(accessEndpoint, failure.error, t)
    : t('media:errors.uploadFailed');
}

/** The failure_reason of the upload analytics events (spec 1 §8). */
export function uploadFailureReason(failure: UploadFailure): string {
  if (failure.kind === 'sensitive') return 'sensitive';
  if (failure.kind !== 'access') return 'upload error';
  switch (failure.code) {
    case 40307:
    case 40407:
      return 'frequently';
    case 40404:
      return 'entry_deleted';
    case 40403:
      return 'world_deleted';
    case 40306:
    case 40406:
    case 40338:
      return 'feature_maintained';
    default:
      return 'upload error';
  }
}
