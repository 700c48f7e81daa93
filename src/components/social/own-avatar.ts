/**
 * Spec 1 §6: the follow button (and the hover card) is hidden on one's own avatar. Its own
 * module so an author link on a first screen does not carry the follow machine with it.
 */
export function followButtonHidden(viewerUid: string | null | undefined, userUid: string): boolean {
  return !!viewerUid && viewerUid === userUid;
}
