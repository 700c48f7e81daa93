import { describe, expect, it } from 'vitest';
import { i18next } from '@/lib/i18n';
import { analytics } from './analytics';
import { checkImageFile } from './check-file';
import { uploadFailureReason, uploadFailureText } from './upload-errors';
import { ACCESS_ENDPOINT, uploadAnalytics, uploadFlow, type UploadTarget } from './upload-target';
import '@/api/upload';
import '@/api/profile';

const entry: UploadTarget = { kind: 'entry', worldId: 'w1', entryId: 'e1' };
const t = (key: string) => i18next.t(key);
const refused = (code: number) => ({
  kind: 'access' as const,
  code,
  status: Math.floor(code / 100),
  error: { status: Math.floor(code / 100), code, serverMessage: 'x', kind: 'client' },
});

describe('upload flows', () => {
  it('switches the entry image to the exploration flow on an exploration path', () => {
    expect(uploadFlow(entry, '/dashboard/worlds/w1')).toBe('entry');
    expect(uploadFlow(entry, '/exploration')).toBe('explorationAvatar');
    expect(uploadFlow({ kind: 'cover' }, '/exploration')).toBe('cover');
    expect(uploadFlow({ kind: 'avatar' }, '/dashboard')).toBe('avatar');
  });

  it('resolves 40403 per flow: world deleted, or the exploration text', () => {
    expect(uploadFailureText(refused(40403), ACCESS_ENDPOINT.entry, t)).toBe(
      t('media:errors.worldDeleted'),
    );
    expect(uploadFailureText(refused(40403), ACCESS_ENDPOINT.explorationAvatar, t)).toBe(
      t('media:errors.explorationMissing'),
    );
  });

  it('shows the maintenance text for 40306, 40406 and 40338', () => {
    const maintenance = t('media:errors.maintenance');
    expect(uploadFailureText(refused(40306), ACCESS_ENDPOINT.cover, t)).toBe(maintenance);
    expect(uploadFailureText(refused(40338), ACCESS_ENDPOINT.cover, t)).toBe(maintenance);
    expect(uploadFailureText(refused(40406), ACCESS_ENDPOINT.entry, t)).toBe(maintenance);
    expect(uploadFailureText(refused(40307), ACCESS_ENDPOINT.avatar, t)).toBe(
      t('media:errors.tooFrequent'),
    );
    expect(uploadFailureText(refused(40332), ACCESS_ENDPOINT.avatar, t)).toBe(
      t('errors:profile.avatarMonthlyLimit'),
    );
  });

  it('gives each client failure its spec message', () => {
    expect(uploadFailureText({ kind: 'notImage' }, '', t)).toBe(t('media:errors.notImage'));
    expect(uploadFailureText({ kind: 'noFileReader' }, '', t)).toBe(t('media:errors.noFileReader'));
    expect(uploadFailureText({ kind: 'tooLarge' }, '', t)).toBe(t('media:errors.tooLarge'));
    expect(uploadFailureText({ kind: 'postStatus', status: 403 }, '', t)).toBe(
      t('media:errors.uploadFailed'),
    );
    expect(uploadFailureText({ kind: 'sensitive' }, '', t)).toBe(t('media:errors.sensitive'));
    expect(uploadFailureText({ kind: 'pollFailed' }, '', t)).toBe(t('media:errors.pollFailed'));
    expect(t('media:errors.sensitive')).not.toBe('errors.sensitive');
  });

  it('names analytics failure reasons as the spec does', () => {
    expect(uploadFailureReason(refused(40307))).toBe('frequently');
    expect(uploadFailureReason(refused(40407))).toBe('frequently');
    expect(uploadFailureReason(refused(40404))).toBe('entry_deleted');
    expect(uploadFailureReason(refused(40403))).toBe('world_deleted');
    expect(uploadFailureReason(refused(40338))).toBe('feature_maintained');
    expect(uploadFailureReason({ kind: 'sensitive' })).toBe('sensitive');
    expect(uploadFailureReason({ kind: 'tooLarge' })).toBe('upload error');
  });

  it('builds the entry and world analytics events with their fields', () => {
    const events = uploadAnalytics(entry, '1:2', { kind: 'sensitive' });
    expect(events.started).toEqual({
      name: 'upload_entry_image',
      props: { entry_id: 'e1', world_id: 'w1', pictureScale: '1:2' },
    });
    expect(events.succeeded?.name).toBe('upload_entry_image_successful');
    expect(events.failed).toEqual({
      name: 'upload_entry_image_failed',
      props: { entry_id: 'e1', world_id: 'w1', pictureScale: '1:2', failure_reason: 'sensitive' },
    });
    const cover = uploadAnalytics({ kind: 'cover', worldId: 'w2' }, '1:1', refused(40307));
    expect(cover).toEqual({
      failed: {
        name: 'upload_world_image_failed',
        props: {
          entry_id: null,
          world_id: 'w2',
          pictureScale: '1:1',
          failure_reason: 'frequently',
        },
      },
    });
    expect(uploadAnalytics({ kind: 'avatar' }, '1:1')).toEqual({});
  });

  it('records analytics events and tells subscribers', () => {
    analytics.clear();
    const seen: string[] = [];
    const stop = analytics.subscribe((e) => seen.push(e.name));
    analytics.track('upload_entry_image', { entry_id: 'e1' });
    stop();
    analytics.track('ignored_by_subscriber');
    expect(seen).toEqual(['upload_entry_image']);
    expect(analytics.events().map((e) => e.name)).toEqual([
      'upload_entry_image',
      'ignored_by_subscriber',
    ]);
  });

  it('accepts image/* files only', () => {
    expect(checkImageFile({ type: 'image/png' }, true)).toBeNull();
    expect(checkImageFile({ type: 'application/pdf' }, true)).toEqual({ kind: 'notImage' });
    expect(checkImageFile({ type: 'image/png' }, false)).toEqual({ kind: 'noFileReader' });
  });
});
