import { Dialog } from '@/components/ui/dialog/dialog';
import { DialogCancel } from '@/components/ui/dialog/dialog-close';
import { TitleForm, type TitleFormProps } from '@/components/titles/title-form';
import { useTranslation } from 'react-i18next';

export interface TitleDialogProps extends Pick<
  TitleFormProps,
  'label' | 'submitLabel' | 'initial' | 'draftOf' | 'endpoint' | 'onSubmit'
> {
  /** Dialog title. */
  heading: string;
  onClose: () => void;
}

/**
 * Names a story or chapter (create or rename) in a dialog of its own: the shared title form
 * (`TitleForm`: checked as the server checks it, sent once, durable), closed once the server
 * took the name. Closed with the name unsaved, the dialog asks first.
 */
export function TitleDialog({ heading, onClose, ...form }: TitleDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={heading} onClose={onClose} size="sm">
      <TitleForm
        {...form}
        onDone={onClose}
        cancel={<DialogCancel className="button">{t('common:actions.cancel')}</DialogCancel>}
        className="stories-form"
        actionsClassName="stories-form__actions"
      />
    </Dialog>
  );
}
