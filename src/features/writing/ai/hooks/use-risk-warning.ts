import { useEffect } from 'react';
import { isApiError, type ApiError } from '@/core/api-error';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { riskWarning } from '../model/risk-warning';

/**
 * Opens the warn dialog when a refusal deserves one (`riskWarning`): the continuation's and
 * the lab's 42203 from the 3rd hit of the hour, and 42902. Anything else is left alone.
 */
export function openRiskWarning(error: unknown): void {
  const warning = riskWarning(isApiError(error) ? error : null);
  if (warning) openDialog('warn', { warning });
}

/** `openRiskWarning` once for each new error of a component (the AI panel's). */
export function useRiskWarning(error: ApiError | null): void {
  useEffect(() => openRiskWarning(error), [error]);
}
