import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { useGetChatQuery } from '@/api/exploration';
import { paths } from '@/config/paths';
import { ListEmpty, ListError } from '@/components/ui/list-state/list-state';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';
import { ChatScreen } from './chat-screen';
import './exploration.css';

/**
 * /exploration?chat=<chat_id> (spec 2 §2 "ExplorationDialogue", login required): the chat of
 * one chat game. Without a chat it points to the list of games; a chat that is gone (40408)
 * or failed to load says so, with a retry.
 */
export default function ExplorationScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const chatId = params.get('chat') ?? '';
  const chat = useGetChatQuery({ chatId, supportStream: true }, { skip: !chatId });

  if (!chatId) {
    return (
      <div className="chat-screen chat-screen--state">
        <ListEmpty
          heading
          title={t('exploration:screen.noChat')}
          text={t('exploration:screen.noChatText')}
        >
          <Link className="button button--primary" to={paths.dashboard.exploration.getHref()}>
            {t('exploration:screen.toGames')}
          </Link>
        </ListEmpty>
      </div>
    );
  }
  if (chat.isLoading || (chat.isFetching && chat.data?.id !== chatId)) {
    return (
      <div className="chat-screen chat-screen--state" aria-busy="true">
        <div className="list-state" role="status">
          <LoadingIcon />
          <span className="visually-hidden">{t('exploration:screen.loading')}</span>
        </div>
      </div>
    );
  }
  if (chat.error || !chat.data) {
    const missing = isApiError(chat.error) && chat.error.code === 40408;
    return (
      <div className="chat-screen chat-screen--state">
        {missing ? (
          <ListEmpty heading title={t('exploration:errors.missing')}>
            <Link className="button" to={paths.dashboard.exploration.getHref()}>
              {t('exploration:screen.toGames')}
            </Link>
          </ListEmpty>
        ) : (
          <ListError
            onRetry={() => void chat.refetch()}
            message={chat.error ? errorText('getChat', chat.error, t) : undefined}
          />
        )}
      </div>
    );
  }
  return <ChatScreen key={chat.data.id} chat={chat.data} />;
}
