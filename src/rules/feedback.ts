import { isTooLong } from './text-count';

/**
 * Feedback and appeals (the inferred `createFeedback`): a category, and a text of at most 500
 * by the shared counter (spec 1 §5), not blank. The client checks these first; the backend
 * refuses them (42200, 42244) and limits a user to 5 a day, each text once a day.
 */
export const FEEDBACK_CATEGORIES = ['appeal', 'account', 'bug', 'suggestion', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_TEXT_MAX = 500;
export const FEEDBACK_PER_DAY = 5;

export type FeedbackProblem = 'empty' | 'tooLong';

export function feedbackProblem(text: string): FeedbackProblem | null {
  if (!text.trim()) return 'empty';
  if (isTooLong(text.trim(), FEEDBACK_TEXT_MAX)) return 'tooLong';
  return null;
}
