import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  transFailureText,
  useAcknowledgeChatTransMutation,
  useGetChatTransAcknowledgeQuery,
} from '@/api/exploration';
import { Dialog } from '@/components/ui/dialog/dialog';
import { useOnceSubmit } from '@/lib/use-once-submit';

/**
 * Version 3.0 (spec 2 §4 "Save points", §8): old chats became save points. A one-time notice
 * while the acknowledgement is not written and something was converted; "got it" writes it.
 * A failure with error_code 0 shows the server's text as an error alert (reading: above the
 * chat; writing: in the notice, which stays until it is written).
 */
export function TransNotice() {
  const { t } = useTranslation();
  const state = useGetChatTransAcknowledgeQuery();
  const [acknowledge, call] = useAcknowledgeChatTransMutation();
  const [writeError, setWriteError] = useState<string | null>(null);
  const [hidden, setHidden] = useState(false);
  const acknowledging = useOnceSubmit(async () => {
    const result = await acknowledge();
    if ('error' in result) {
      setWriteError(transFailureText(result.error) ?? t('exploration:trans.failed'));
      return;
    }
    setHidden(true);
  });

  const readError = transFailureText(state.error);
  if (readError && !hidden) {
    return (
      <div className="chat-alert" role="alert">
        <p>{readError}</p>
        <button type="button" className="button" onClick={() => setHidden(true)}>
          {t('common:actions.close')}
        </button>
      </div>
    );
  }
  const data = state.data;
  if (!data || data.acknowledged || data.converted_count <= 0 || hidden) return null;
  return (
    <Dialog
      title={t('exploration:trans.title')}
      onClose={() => setHidden(true)}
      size="sm"
      footer={
        <button
          type="button"
          className="button button--primary"
          disabled={call.isLoading || acknowledging.busy}
          aria-busy={acknowledging.busy}
          onClick={() => void acknowledging.run()}
          data-autofocus
        >
          {t('exploration:trans.ok')}
        </button>
      }
    >
      <p>{t('exploration:trans.text', { count: data.converted_count })}</p>
      {writeError ? (
        <p className="field__error" role="alert">
          {writeError}
        </p>
      ) : null}
    </Dialog>
  );
}
