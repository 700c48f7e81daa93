import type { ComponentType } from 'react';

/**
 * Every dialog the app opens by name, mapped to the props its opener passes. Empty here:
 * each dialog's own file adds its entry by declaration merging, next to its props type —
 *
 *   declare module '@/components/ui/dialog/dialog-registry' {
 *     interface DialogMap { login: LoginDialogProps }
 *   }
 *
 * — so any code can open it by name, type-checked, without importing the feature that owns
 * it, and this folder names no product dialog. A dialog without props maps to `undefined`. src/app/dialogs.ts must then register it
 * (component and rules): `DialogRegistry` requires an entry for every name here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DialogMap {}

/** What a registered dialog receives from the host besides its own props. */
export interface HostedDialogProps {
  dialogId: number;
  onClose: () => void;
}

/**
 * What a route change does to an open dialog. 'close' unmounts it: the spec's "destroyed"
 * (story, AI, pay-QR) and "closed" (nickname, user-info, record) are the same thing here,
 * because an unmounted dialog keeps no state. 'keep' leaves it open.
 */
export type RouteChangeRule = 'close' | 'keep';

/** How one dialog is shown and how it behaves; the app's registry holds one per name. */
export interface DialogRegistration<P> {
  /** Usually lazy, so each dialog is its own chunk. */
  component: ComponentType<OwnProps<P> & HostedDialogProps>;
  onRouteChange: RouteChangeRule;
  /**
   * One instance per name is the default: opening a dialog that is already open (or waiting
   * for its turn) returns the open one's id and changes nothing, so a double click opens it
   * once. `single` makes a new opening replace (re-mount) the open one instead; `multiple`
   * allows several at once.
   */
  single?: boolean;
  multiple?: boolean;
  /**
   * Its place in the arbitration (dialog-store.ts). 'blocking' (ban, forced bind-phone, login):
   * holds every prompt while open, and sends an open prompt back to wait. 'prompt'
   * (promotional or informational: retention offer, update notice): opens only when no other
   * dialog and no other prompt is showing, one at a time, after a short calm. Unset: an
   * ordinary dialog the user asked for, opened at once.
   */
  role?: DialogRole;
}

export type DialogRole = 'blocking' | 'prompt';

/** A registration for every name of `M`, each with a component that takes that name's props. */
export type DialogRegistry<M = DialogMap> = { [K in keyof M]: DialogRegistration<M[K]> };

/** A dialog's own props (`undefined` in the map: none). */
export type OwnProps<P> = [P] extends [undefined] ? unknown : P;

/** The props argument of opening: none, optional when every prop is, required otherwise. */
export type DialogPropsArg<P> = [P] extends [undefined]
  ? []
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "has only optional props"
    {} extends P
    ? [props?: P]
    : [props: P];
