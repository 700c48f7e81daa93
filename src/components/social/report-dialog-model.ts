import type { ReportType } from '@/api/social';
import { reportDescriptionTooLong } from '@/rules/report';

/** Every reason of the contract's ReportType, in the order the dialog lists them. */
const TYPES: Record<ReportType, true> = {
  sexual: true,
  violence: true,
  politics: true,
  infringement: true,
  spam: true,
  other: true,
};
export const REPORT_TYPES = Object.keys(TYPES) as ReportType[];

/** The translation key of a reason's label. */
export const reportTypeKey = (type: ReportType) => `social:report.types.${type}`;

/**
 * Where a refused report is explained (spec 1 §8 "Report"): the description's 42244 at the
 * description; the daily limit, already reported and a missing share or user concern the report
 * as a whole and show above its buttons, as does anything else.
 */
export type ReportErrorPlace = 'description' | 'form';

export function reportErrorPlace(code: number | null): ReportErrorPlace {
  return code === 42244 ? 'description' : 'form';
}

export interface ReportDraft {
  type: ReportType | null;
  description: string;
}

export interface ReportProblems {
  type?: 'required';
  description?: 'tooLong';
}

/** What the client refuses before sending (spec 1 §5): no type, or a description over 200. */
export function reportProblems(draft: ReportDraft): ReportProblems {
  const problems: ReportProblems = {};
  if (!draft.type) problems.type = 'required';
  if (reportDescriptionTooLong(draft.description)) problems.description = 'tooLong';
  return problems;
}
