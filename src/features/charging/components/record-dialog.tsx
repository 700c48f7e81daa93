import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { MyChargeRecords } from './my-charge-records';

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    record: undefined;
  }
}

/** The record dialog (spec 1 §2): my charge records; it closes on a route change (a row's link). */
export function RecordDialog({ onClose }: HostedDialogProps) {
  const { t } = useTranslation('charging');
  return (
    <Dialog title={t('records.title')} onClose={onClose} size="md" className="record-dialog">
      <MyChargeRecords />
    </Dialog>
  );
}
