import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';

/** A newer local draft than the server copy: restore it or discard it. */
export function DraftDialog(props: {
  changedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation('writing');
  const time = new Date(props.changedAt).toLocaleString(i18n.language === 'en' ? 'en' : 'zh-CN');
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
          <button type="button" className="button button--primary" onClick={props.onRestore}>
            {t('editor.draft.restore')}
          </button>
        </>
      }
    >
      <p>{t('editor.draft.body', { time })}</p>
    </Dialog>
  );
}
