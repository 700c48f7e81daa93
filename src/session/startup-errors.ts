import type { SerializedError } from '@reduxjs/toolkit';
import { isApiError } from '@/core/api-error';
import type { StartupError } from './startup-outcome';

/** A failed lookup as the start-up machine reads it (an unknown failure counts as network). */
export function normaliseForStartup(error: unknown): StartupError {
  if (isApiError(error)) return { kind: error.kind, status: error.status, code: error.code };
  const serialized = error as SerializedError | undefined;
  return {
    kind: 'network',
    status: 0,
    code: serialized?.code ? Number(serialized.code) || null : null,
  };
}
