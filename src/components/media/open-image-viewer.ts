import { openDialog } from '@/components/ui/dialog/dialog-store';
import type { ImageViewerDialogProps } from './image-viewer-dialog';

/** Opens the image viewer (registered as `imageViewer` in src/app/dialogs.ts). */
export function openImageViewer(props: ImageViewerDialogProps): number {
  return openDialog('imageViewer', props);
}
