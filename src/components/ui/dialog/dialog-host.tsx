import { Suspense, type ComponentType } from 'react';
import { closeDialog, useOpenDialogs } from './dialog-store';

/** What a registered dialog receives besides its own props. */
export interface HostedDialogProps {
  dialogId: number;
  onClose: () => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DialogRegistry = Record<string, ComponentType<HostedDialogProps & any>>;

/**
 * Renders every open dialog from a registry of (usually lazy) components. The registry is
 * the app's: features contribute dialogs, this host stays feature-agnostic.
 */
export function DialogHost({ registry }: { registry: DialogRegistry }) {
  const dialogs = useOpenDialogs();
  return (
    <>
      {dialogs.map((d) => {
        const Component = registry[d.name];
        if (!Component) return null;
        return (
          <Suspense key={d.id} fallback={null}>
            <Component {...d.props} dialogId={d.id} onClose={() => closeDialog(d.id)} />
          </Suspense>
        );
      })}
    </>
  );
}
