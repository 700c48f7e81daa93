import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { fieldOfError, type LoginEndpoint, type LoginField } from '../model/login-errors';

export type FieldErrors = Partial<Record<LoginField | 'repeat', string>>;

/** A refused call's translated message, placed at the field it concerns. */
export function placeError(
  endpoint: LoginEndpoint,
  error: unknown,
  t: (key: string) => string,
): FieldErrors {
  const field = fieldOfError(endpoint, isApiError(error) ? error.code : null);
  return { [field]: errorText(endpoint, error, t) };
}
