import { countText, isTooLong } from '@/rules/text-count';

/** Spec 1 §5, §9: expansion about 500 words, the other functions about 1000. */
export type LabActionName = 'rewrite' | 'expand' | 'condense' | 'custom';
export const LAB_ACTIONS: readonly LabActionName[] = ['rewrite', 'expand', 'condense', 'custom'];
export const LAB_LIMITS: Record<LabActionName, number> = {
  expand: 500,
  rewrite: 1000,
  condense: 1000,
  custom: 1000,
};
export const LAB_EXPAND_TARGET = 500;
export const LAB_MIN_COST = 50;
export const INSTRUCTION_MAX = 200;

/** The power a lab run costs after the trial (the same rule as the server's, shown beforehand). */
export function labCost(action: LabActionName, text: string): number {
  return action === 'expand' ? LAB_EXPAND_TARGET : Math.max(LAB_MIN_COST, countText(text));
}

export interface LabRequest {
  action: LabActionName;
  selection: string;
  instruction: string;
  /** The writer was in the chapter title, not the body. */
  inTitle: boolean;
  /** False while the lab is closed. */
  enabled: boolean;
}

/** The toast key that stops a lab run before it is sent (spec 1 §5, §8), or null. */
export function labRefusal(r: LabRequest): string | null {
  if (!r.enabled) return 'lab.errors.closed';
  if (r.inTitle) return 'lab.titlesNotSupported';
  const hasText = r.selection.trim() !== '';
  const hasInstruction = r.action === 'custom' && r.instruction.trim() !== '';
  if (!hasText && !hasInstruction) return 'lab.selectText';
  if (isTooLong(r.selection.trim(), LAB_LIMITS[r.action])) return 'lab.errors.tooLong';
  return null;
}
