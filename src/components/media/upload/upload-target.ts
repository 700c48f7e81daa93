import type { UploadFailure } from './upload-machine';
import { uploadFailureReason } from './upload-errors';
import type { AnalyticsProps } from './analytics';

/**
 * What an image is uploaded for. The entry image switches to the exploration entry-avatar flow
 * when the current path contains 'exploration' (spec 1 §2).
 */
export type UploadTarget =
  | { kind: 'avatar' }
  | { kind: 'cover'; worldId?: string }
  | { kind: 'entry'; worldId: string; entryId: string; chatId?: string }
  /** An image attached to a report (its stored id is sent with the report). */
  | { kind: 'report' };

export type UploadFlow = 'avatar' | 'cover' | 'entry' | 'explorationAvatar' | 'report';

export function uploadFlow(target: UploadTarget, pathname: string): UploadFlow {
  if (target.kind !== 'entry') return target.kind;
  return pathname.includes('exploration') ? 'explorationAvatar' : 'entry';
}

/** The access call of each flow: error messages are resolved from (this call, code). */
export const ACCESS_ENDPOINT: Record<UploadFlow, string> = {
  avatar: 'getAvatarUploadAccess',
  cover: 'getWorldCoverUploadAccess',
  entry: 'getEntryImageUploadAccess',
  explorationAvatar: 'getExplorationAvatarUploadAccess',
  report: 'getReportUploadAccess',
};

export interface UploadAnalytics {
  started?: { name: string; props: AnalyticsProps };
  succeeded?: { name: string; props: AnalyticsProps };
  failed?: { name: string; props: AnalyticsProps };
}

/**
 * Spec 1 §7 analytics: entry images report start, success and failure; world covers report
 * failure. Each carries entry_id, world_id, pictureScale and (on failure) failure_reason.
 */
export function uploadAnalytics(
  target: UploadTarget,
  pictureScale: string,
  failure?: UploadFailure,
): UploadAnalytics {
  const reason: AnalyticsProps = failure ? { failure_reason: uploadFailureReason(failure) } : {};
  if (target.kind === 'entry') {
    const base = { entry_id: target.entryId, world_id: target.worldId, pictureScale };
    return {
      started: { name: 'upload_entry_image', props: base },
      succeeded: { name: 'upload_entry_image_successful', props: base },
      failed: { name: 'upload_entry_image_failed', props: { ...base, ...reason } },
    };
  }
  if (target.kind === 'cover') {
    const base = { entry_id: null, world_id: target.worldId ?? null, pictureScale };
    return { failed: { name: 'upload_world_image_failed', props: { ...base, ...reason } } };
  }
  return {};
}
