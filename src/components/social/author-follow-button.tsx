import { useSelector } from 'react-redux';
import { useGetUserProfileQuery } from '@/api/profile';
import type { UserSummary } from '@/api/social';
import { selectUid } from '@/core/session-slice';
import { FollowButton } from './follow-button';
import { followButtonHidden, type FollowPlace } from './follow-machine';

/**
 * The follow button for an author whose relation to the viewer is not in the page's data (a
 * shared story's or world's author): the relation comes from the author's profile, and the
 * button appears once it is known, so it never shows a wrong state first. Hidden on one's own
 * work (spec 1 §6).
 */
export function AuthorFollowButton({
  user,
  place = 'publicPage',
}: {
  user: UserSummary;
  place?: FollowPlace;
}) {
  const viewerUid = useSelector(selectUid);
  const hidden = followButtonHidden(viewerUid, user._id);
  const profile = useGetUserProfileQuery({ uid: user._id }, { skip: hidden });
  if (hidden || !profile.data) return null;
  return <FollowButton user={user} relation={profile.data.following} place={place} />;
}
