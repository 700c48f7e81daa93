import { openDialog } from '@/components/ui/dialog/dialog-store';

/** Where a game starts from: a shared world (its share id) or one of my worlds. */
export type ExplorationSource = { shareId: string } | { universeId: string };

export interface StartExplorationDialogProps {
  source: ExplorationSource;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    startExploration: StartExplorationDialogProps;
  }
}

/**
 * Opens "explore this world" (registered as `startExploration` in src/app/dialogs.ts) from a
 * shared world's page or from my worlds. Features reach it by name (they may not import each
 * other); the dialog's own chunk loads on opening.
 */
export function openStartExploration(source: ExplorationSource): number {
  return openDialog('startExploration', { source });
}
