import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';
import { formatDate } from '@/lib/date-format';

/**
 * A local draft with text the server copy lacks, based on the version the server still has:
 * restore it or discard it. Restore has the focus, so a key pressed while the dialog opens
 * (the writer typing on after a reload) can only keep the text, never throw it away.
 */
export function DraftDialog(props: {
  changedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation('writing');
  const time = formatDate(props.changedAt, i18n.language, 'short', { time: true });
  return (
    <Dialog
      title={t('editor.draft.title')}
      onClose={props.onRestore}
      dismissible={false}
      size="sm"
      footer={
        <>
          <button type="button" className="button" onClick={props.onDiscard}>
            {t('editor.draft.discard')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={props.onRestore}
            data-autofocus
          >
            {t('editor.draft.restore')}
          </button>
        </>
      }
    >
      <p>{t('editor.draft.body', { time })}</p>
    </Dialog>
  );
}
