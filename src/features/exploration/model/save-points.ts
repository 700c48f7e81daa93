import type { ChatArchive, DialogueBenefits } from '@/api/exploration';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { lengthOf } from './input-rules';

/**
 * Save points, leaving and dialogue power (spec 2 §4 "Save points", §7 "Power", §8; issue 14
 * "to the desk").
 */

/**
 * Leaving the chat asks first when there is unsaved progress: the server's `is_saved` is
 * false and the chat has something to lose. A turn under way is unsaved progress too (its
 * reply would be cut). While `is_saved` is unknown (loading, failed) nothing is asked.
 */
export function leaveNeedsPrompt(state: {
  isSaved: boolean | undefined;
  messageCount: number;
  busy: boolean;
}): boolean {
  if (state.busy) return true;
  return state.isSaved === false && state.messageCount > 0;
}

/** A save point's title: optional, at most 20 characters (42200). */
export function titleProblem(title: string): 'tooLong' | null {
  return lengthOf(title.trim()) > EXPLORATION_LIMITS.archiveTitle ? 'tooLong' : null;
}

/** Save points oldest first (the list is newest first; equal times keep the server's order). */
export function oldestFirst(archives: readonly ChatArchive[]): ChatArchive[] {
  return [...archives].reverse().sort((a, b) => a.created_at - b.created_at);
}

/**
 * "To the desk" spans (issue 14): the messages of save point `to` after those of an earlier
 * save point `from` (or from the start). The choices of `from` for a chosen `to` are the save
 * points made before it; a span needs `to` to have more messages than `from`.
 */
export function fromChoices(archives: readonly ChatArchive[], toId: string): ChatArchive[] {
  const ordered = oldestFirst(archives);
  const at = ordered.findIndex((a) => a.id === toId);
  return at < 0 ? [] : ordered.slice(0, at);
}

export type SpanProblem = 'noTo' | 'noStory' | 'emptySpan' | 'nameTooLong';

export function spanProblem(
  archives: readonly ChatArchive[],
  span: { fromId: string | null; toId: string; storyId: string; chapterName: string },
): SpanProblem | null {
  const to = archives.find((a) => a.id === span.toId);
  if (!to) return 'noTo';
  if (!span.storyId) return 'noStory';
  const from = span.fromId ? archives.find((a) => a.id === span.fromId) : null;
  if (span.fromId && !from) return 'noTo';
  if (to.message_count <= (from?.message_count ?? 0)) return 'emptySpan';
  if (titleProblem(span.chapterName)) return 'nameTooLong';
  return null;
}

// ------------------------------------------------------------------ dialogue power

/** Power left: the free allowance and bought power together. */
export const powerLeft = (b: DialogueBenefits) => b.free_left + b.pack_left;

/** A reply may be asked for only with at least its model's cost left (else 40260). */
export const canAfford = (b: DialogueBenefits | undefined, cost: number) =>
  b === undefined || powerLeft(b) >= cost;

/**
 * The balance after a reply charged `charged` (spec 2 §7 "Power", inferred order): the free
 * allowance first, then bought power. A failed or empty reply charges 0 and changes nothing.
 */
export function spend(b: DialogueBenefits, charged: number): DialogueBenefits {
  if (charged <= 0) return b;
  const fromFree = Math.min(b.free_left, charged);
  return {
    ...b,
    free_left: b.free_left - fromFree,
    pack_left: Math.max(0, b.pack_left - (charged - fromFree)),
  };
}
