import type { ShareStatus } from '@/api/stories';

/** What the author may pick (spec 1 §4): banned is the server's decision only. */
export const AUTHOR_SHARE_CHOICES = [
  'square',
  'link',
  'private',
] as const satisfies readonly ShareStatus[];
export type AuthorShareChoice = (typeof AUTHOR_SHARE_CHOICES)[number];

/** Only the author changes the status, and not once the server has banned the story. */
export function canChangeShareStatus(status: ShareStatus, isAuthor: boolean): boolean {
  return isAuthor && status !== 'banned';
}

/**
 * The choices that would be a change: picking the status a story already has is refused by the
 * server (42223 "already shared"), so the control does not offer it as an action.
 */
export function shareChoices(
  status: ShareStatus,
): { value: AuthorShareChoice; current: boolean }[] {
  return AUTHOR_SHARE_CHOICES.map((value) => ({ value, current: value === status }));
}

/** A shared link works for square and link-only stories. */
export function isViewableByLink(status: ShareStatus): boolean {
  return status === 'square' || status === 'link';
}
