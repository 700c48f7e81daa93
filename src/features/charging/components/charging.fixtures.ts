import type { UserSummary } from '@/api/charging';
import { fail, handle, http } from '@mocks/http';
import { seedToday as seed } from '@mocks/seed-today';
import { AUTHOR_UID } from '@mocks/seed-ids';

/** Seeded users and shares for the charging stories and tests (the signed-in viewer is the author). */
const summary = (uid: string): UserSummary => {
  const u = seed.users.find((x) => x.uid === uid)!;
  return { _id: u.uid, name: u.nickname, avatar: u.headimgurl, is_official: u.is_official };
};

/** The signed-in author's square story: 36 seeded supporters (ties included). */
export const MY_SHARE = seed.stories.find(
  (s) => s.uid === AUTHOR_UID && s.share_status === 'square' && s.deleted_at === 0,
)!;
/** Another author's square story, with no charges yet: the viewer can tip it. */
export const OTHER_SHARE = seed.stories.find(
  (s) =>
    s.uid !== AUTHOR_UID &&
    s.share_status === 'square' &&
    s.deleted_at === 0 &&
    !seed.charges.some((c) => c.share_id === s.share_id),
)!;
export const OTHER_AUTHOR = summary(OTHER_SHARE.uid);
export const ME = summary(AUTHOR_UID);

export const otherShare = {
  shareId: OTHER_SHARE.share_id,
  title: OTHER_SHARE.title,
  kind: 'story' as const,
};

/** Every charge answers `code` (a refusal the scenarios do not set up: 40260, 40406, 40417 …). */
export const chargeRefused = (code: number) => [
  http.post(
    '/api/v1/user/charge',
    handle(() => fail(code, `refused ${code}`)),
  ),
];
