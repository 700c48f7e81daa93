import { lazy, Suspense, type ComponentProps } from 'react';
import type { ConfirmDialog as ConfirmDialogType } from './confirm-dialog';

const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * `ConfirmDialog`, loaded when it is first shown: a screen that may ask (delete, unfollow,
 * cancel) keeps the dialog frame's code off its first load. Rendered where the dialog would be.
 */
export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialogType>) {
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
