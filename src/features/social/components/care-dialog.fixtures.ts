import type { UserSummary } from '@/api/profile';
import { fail, handle, http } from '@mocks/http';
import { seedToday as seed } from '@mocks/seed-today';
import { AUTHOR_UID } from '@mocks/seed-ids';

/** Seeded users for the care dialog's stories and tests (the signed-in supporter is the author). */
const summary = (u: (typeof seed.users)[number]): UserSummary => ({
  _id: u.uid,
  name: u.nickname,
  avatar: u.headimgurl,
  is_official: u.is_official,
});

const followedBySupporter = new Set(
  seed.follows.filter((f) => f.follower === AUTHOR_UID).map((f) => f.followee),
);
const supporterFans = new Set(
  seed.follows.filter((f) => f.followee === AUTHOR_UID).map((f) => f.follower),
);
const others = seed.users.filter((u) => u.uid !== AUTHOR_UID);

/** An author with no follow either way with the signed-in supporter (the button reads "Follow"). */
export const NOT_FOLLOWED = summary(
  others.find((u) => !followedBySupporter.has(u.uid) && !supporterFans.has(u.uid))!,
);
/** An author the signed-in supporter already follows. */
export const FOLLOWED = summary(others.find((u) => followedBySupporter.has(u.uid))!);
/** The supporter themself (their own work was tipped). */
export const SUPPORTER = summary(seed.users.find((u) => u.uid === AUTHOR_UID)!);

/** The follow is refused: the day's follows are used up (40329). */
export const followLimitReached = () => [
  http.post(
    '/api/v2/users/{uid}/followers',
    handle(() => fail(40329, 'daily follow limit')),
  ),
];
