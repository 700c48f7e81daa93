import { TIP_MESSAGE_MAX, tipMessageLength, tipMessageTooLong } from '@/rules/charge';

export { TIP_MESSAGE_MAX };

/** What the charge form holds: the chosen option (none yet: null) and the optional message. */
export interface ChargeForm {
  optionId: string | null;
  message: string;
}

/** Field problems the form shows before sending (spec 1 §5: option required, message <= 50). */
export interface ChargeFormErrors {
  option?: 'required';
  message?: 'tooLong';
}

/** The form's problems; an empty object when it can be sent. */
export function chargeFormErrors(form: ChargeForm): ChargeFormErrors {
  const errors: ChargeFormErrors = {};
  if (!form.optionId) errors.option = 'required';
  if (tipMessageTooLong(form.message.trim())) errors.message = 'tooLong';
  return errors;
}

export function canSendCharge(form: ChargeForm): boolean {
  return Object.keys(chargeFormErrors(form)).length === 0;
}

/** The message's live count, by the shared counter (spec 1 §5), and its limit. */
export function messageCount(message: string): { count: number; max: number; over: boolean } {
  const count = tipMessageLength(message.trim());
  return { count, max: TIP_MESSAGE_MAX, over: count > TIP_MESSAGE_MAX };
}

/** The body of POST /user/charge: the message only when there is one (it is optional). */
export function chargeBody(shareId: string, form: ChargeForm) {
  const message = form.message.trim();
  return {
    share_id: shareId,
    option_id: form.optionId ?? '',
    ...(message ? { message } : {}),
  };
}

/**
 * Why a viewer cannot tip at all (spec 1 §6, spec 2 §8), instead of the form: a guest must log
 * in; nobody tips their own work (40325); tipping is for members (40335); new users cannot tip
 * yet (40336). Membership and account age are the server's to judge (the window is not the
 * client's to know), so those two come from its answer.
 */
export type ChargeGate = 'login' | 'self' | 'membersOnly' | 'newUser';

/** The gate known before asking: logged out, or the author is the viewer. */
export function chargeGate(viewerUid: string | null, authorUid: string): ChargeGate | null {
  if (!viewerUid) return 'login';
  if (viewerUid === authorUid) return 'self';
  return null;
}

/** The gate a refused charge reveals (its code), or null when the form stays (a field error). */
export function gateOfCode(code: number | null): ChargeGate | null {
  if (code === 40325) return 'self';
  if (code === 40335) return 'membersOnly';
  if (code === 40336) return 'newUser';
  return null;
}

/** Codes that belong to the message field (shown under it) rather than above the send button. */
export function isMessageCode(code: number | null): boolean {
  return code === 42244 || code === 42203;
}
