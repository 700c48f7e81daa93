import { openDialog } from '@/components/ui/dialog/dialog-store';
import type { CropperDialogProps } from './cropper-dialog';

/** Opens the shared cropper dialog (registered as `cropper` in src/app/dialogs.ts). */
export function openCropper(props: CropperDialogProps): number {
  return openDialog('cropper', props);
}
