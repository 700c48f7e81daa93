import {
  createContext,
  useContext,
  useLayoutEffect,
  useRef,
  type ButtonHTMLAttributes,
} from 'react';

/** What a form inside a dialog says about itself: whether it holds unsaved text, and how to drop it. */
export interface UnsavedPart {
  dirty: boolean;
  /** Called when the person chooses 放弃: the form drops its kept copy (`DurableText.revert`). */
  discard?: () => void;
}

export interface DialogCloseScope {
  /** Closes the dialog the way its close button does: asking first while it holds unsaved text. */
  requestClose: () => void;
  /** A part of the dialog's content reports its unsaved text; null when it unmounts. */
  report: (part: object, state: UnsavedPart | null) => void;
}

export const DialogCloseContext = createContext<DialogCloseScope | null>(null);

/**
 * The enclosing dialog's close, for a cancel or back-out button inside it: the same route as
 * Esc and the close button, so a dialog with unsaved text asks first. Outside a dialog, nothing.
 */
export function useDialogClose(): () => void {
  const scope = useContext(DialogCloseContext);
  return scope?.requestClose ?? noop;
}

/**
 * Tells the enclosing dialog that this part of its content (a form in one of its tabs, say)
 * holds unsaved text, for a dialog that cannot know it from its own props. `discard` runs when
 * the person chooses to throw it away.
 */
export function useUnsavedInDialog(dirty: boolean, discard?: () => void): void {
  const scope = useContext(DialogCloseContext);
  const part = useRef({}).current;
  // Reported before the browser paints, so an Esc right after the last key sees it.
  useLayoutEffect(() => {
    scope?.report(part, { dirty, discard });
  }, [scope, part, dirty, discard]);
  useLayoutEffect(() => () => scope?.report(part, null), [scope, part]);
}

/**
 * A dialog's cancel button (取消): closes the enclosing dialog through `useDialogClose`, so a
 * form with unsaved text asks before it goes.
 */
export function DialogCancel({
  type = 'button',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'>) {
  const close = useDialogClose();
  return <button type={type} {...props} onClick={close} />;
}

function noop() {}
