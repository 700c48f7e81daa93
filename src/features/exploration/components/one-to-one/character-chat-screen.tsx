import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import {
  useGetChatQuery,
  useGetDialogueBenefitsQuery,
  useListChatGamePagesInfiniteQuery,
  useNewStartChatGameMutation,
} from '@/api/exploration';
import { useListSquareCharactersQuery, type SquareCharacter } from '@/api/square';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';
import { paths } from '@/config/paths';
import { ChatScreen } from '../chat-screen';
import { findOneToOne, oneToOneGames } from './one-to-one';
import '../exploration.css';
import './character-chat.css';
import { useOnceSubmit } from '@/lib/use-once-submit';
import { imageUrl } from '@/lib/image-url';

/**
 * /yjin/chat (spec 2 §2 "Chat", login required; the spec gives only its name and login rule):
 * one-to-one chats with a single character, on the exploration engine. Without `?chat` it lists
 * my one-to-one chats and the square's characters to start one with (a game of the character's
 * world cast with that character alone), with my dialogue power; `?chat=<chat_id>` is the chat
 * itself — the same chat screen, replies spending dialogue power by the same rules.
 */
export default function CharacterChatScreen() {
  const [params] = useSearchParams();
  const chatId = params.get('chat') ?? '';
  return chatId ? <OneChat chatId={chatId} /> : <CharacterPicker />;
}

function OneChat({ chatId }: { chatId: string }) {
  const { t } = useTranslation('exploration');
  const chat = useGetChatQuery({ chatId, supportStream: true });
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
          <ListEmpty title={t('exploration:errors.missing')}>
            <Link className="button" to={paths.chat.getHref()}>
              {t('exploration:oneToOne.back')}
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

function CharacterPicker() {
  const { t } = useTranslation('exploration');
  const navigate = useNavigate();
  const games = useListChatGamePagesInfiniteQuery();
  const characters = useListSquareCharactersQuery({ limit: 20 });
  const benefits = useGetDialogueBenefitsQuery();
  const [newStart] = useNewStartChatGameMutation();
  const [starting, setStarting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mine = oneToOneGames(games.data?.pages.flatMap((p) => p.data) ?? []);

  async function talkTo(character: SquareCharacter) {
    const existing = findOneToOne(mine, character);
    if (existing) {
      void navigate(paths.chat.getHref({ chat: existing.chat_id }));
      return;
    }
    setStarting(character.id);
    setError(null);
    try {
      const game = await newStart({
        newStartBody: { share_id: character.universe.share_id, character_ids: [character.id] },
      }).unwrap();
      void navigate(paths.chat.getHref({ chat: game.chat_id }));
    } catch (e) {
      setError(errorText('newStartChatGame', e, t));
    } finally {
      setStarting(null);
    }
  }
  const talking = useOnceSubmit(talkTo);

  return (
    <section className="character-chat" aria-labelledby="character-chat-title">
      <header className="character-chat__header">
        <h1 id="character-chat-title">{t('exploration:oneToOne.title')}</h1>
        {benefits.data ? (
          <p className="character-chat__power">
            {t('exploration:oneToOne.power', {
              free: benefits.data.free_left,
              total: benefits.data.free_total,
              pack: benefits.data.pack_left,
            })}
          </p>
        ) : null}
      </header>
      <p className="character-chat__intro">{t('exploration:oneToOne.intro')}</p>

      <section aria-labelledby="character-chat-mine">
        <h2 id="character-chat-mine">{t('exploration:oneToOne.mine')}</h2>
        {games.isLoading ? (
          <ListLoading />
        ) : games.isError ? (
          <ListError onRetry={() => void games.refetch()} />
        ) : mine.length === 0 ? (
          <p>{t('exploration:oneToOne.noneYet')}</p>
        ) : (
          <ul className="character-chat__list">
            {mine.map((g) => {
              const who = g.cast[0]!;
              return (
                <li key={g.id} className="character-chat__item">
                  <Avatar name={who.name} image={who.image} />
                  <div className="character-chat__text">
                    <strong>{who.name}</strong>
                    <span className="character-chat__meta">{g.title}</span>
                    <span className="character-chat__last">
                      {g.last_message || t('exploration:games.noMessages')}
                    </span>
                  </div>
                  <Link
                    className="button button--primary"
                    to={paths.chat.getHref({ chat: g.chat_id })}
                    aria-label={t('exploration:oneToOne.continueWith', { name: who.name })}
                  >
                    {t('exploration:games.continue')}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="character-chat-new">
        <h2 id="character-chat-new">{t('exploration:oneToOne.meet')}</h2>
        {error ? (
          <p role="alert" className="field__error">
            {error}
          </p>
        ) : null}
        {characters.isLoading ? (
          <ListLoading />
        ) : characters.isError || !characters.data ? (
          <ListError onRetry={() => void characters.refetch()} />
        ) : characters.data.data.length === 0 ? (
          <p>{t('exploration:oneToOne.noCharacters')}</p>
        ) : (
          <ul className="character-chat__list">
            {characters.data.data.map((c) => (
              <li key={c.id} className="character-chat__item">
                <Avatar name={c.name} image={c.image} />
                <div className="character-chat__text">
                  <strong>{c.name}</strong>
                  <span className="character-chat__meta">
                    {t('exploration:oneToOne.from', { title: c.universe.title })}
                  </span>
                  {c.description ? (
                    <span className="character-chat__last">{c.description}</span>
                  ) : null}
                </div>
                <button
                  type="button"
                  className="button"
                  disabled={starting !== null}
                  aria-busy={starting === c.id}
                  aria-label={t('exploration:oneToOne.talkTo', { name: c.name })}
                  onClick={() => void talking.run(c)}
                >
                  {t('exploration:oneToOne.talk')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function Avatar({ name, image }: { name: string; image: string }) {
  const src = imageUrl(image);
  return src ? (
    <img className="character-chat__avatar" src={src} alt="" loading="lazy" />
  ) : (
    <span className="character-chat__avatar character-chat__avatar--none" aria-hidden="true">
      {[...name][0] ?? '·'}
    </span>
  );
}
