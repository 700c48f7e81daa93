import { Suspense, type ComponentType } from 'react';
import type { DialogMap, HostedDialogProps } from './dialog-registry';
import { dialogStore, useOpenDialogs, type DialogStore } from './dialog-store';

/**
 * Renders every open dialog of a store (the app's by default) from the registry installed in
 * it. The registry is the app's: features contribute dialogs, this host stays feature-agnostic.
 */
export function DialogHost<M = DialogMap>({
  store = dialogStore as unknown as DialogStore<M>,
}: {
  store?: DialogStore<M>;
}) {
  const dialogs = useOpenDialogs(store);
  const registry = store.registry();
  return (
    <>
      {dialogs.map((d) => {
        // The store only holds props of the type its name fixes, so the pair always fits.
        const Component = registry[d.name]?.component as
          ComponentType<HostedDialogProps & object> | undefined;
        if (!Component) return null;
        return (
          <Suspense key={d.id} fallback={null}>
            <Component {...(d.props as object)} dialogId={d.id} onClose={() => store.close(d.id)} />
          </Suspense>
        );
      })}
    </>
  );
}
