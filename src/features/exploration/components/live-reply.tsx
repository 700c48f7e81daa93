import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { InteractiveType } from '@/api/exploration';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';
import type { ReplyStore } from '../model/reply-state';

/**
 * The reply being streamed, below the last message: the player's stored line is already in
 * the list; this row reads the paced reply store itself, so streamed text commits this row
 * only, at the player's pace (model/reply-state.ts).
 */
export function LiveReply({ reply, display }: { reply: ReplyStore; display: InteractiveType }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(reply.subscribe, reply.getSnapshot);
  const who = state.speakerName || t('exploration:messages.narrator');
  const role = state.speakerName ? 'character' : 'narrator';
  return (
    <div
      className={`chat-message chat-message--${role} chat-message--${display} chat-message--live`}
      aria-busy="true"
      data-testid="live-reply"
    >
      <div className="chat-message__who">
        {state.phase === 'sending' ? t('exploration:messages.sending') : who}
      </div>
      {state.text ? (
        <p className="chat-message__text">{state.text}</p>
      ) : (
        <div className="chat-message__wait">
          <LoadingIcon />
        </div>
      )}
    </div>
  );
}
