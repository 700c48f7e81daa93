import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import {
  useGetChatGameBySourceQuery,
  useNewStartChatGameMutation,
  type ChatCharacter,
  type ChatGame,
} from '@/api/exploration';
import { useListWorldCharacterPagesInfiniteQuery, type SquareCharacter } from '@/api/square';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { ListError } from '@/components/ui/list-state/list-state';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';
import { paths } from '@/config/paths';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import type { ExplorationSource, StartExplorationDialogProps } from './open-start-exploration';
import { initialCast, toggleCast } from './start-cast';
import './start-exploration-dialog.css';
import { useOnceSubmit } from '@/lib/use-once-submit';
import { imageUrl } from '@/lib/image-url';

/** A square character as a cast member of the start form. */
const toCastMember = (c: SquareCharacter): ChatCharacter => ({
  entry_id: c.id,
  name: c.name,
  description: c.description,
  image: c.image,
});

const sourceArg = (source: ExplorationSource) =>
  'shareId' in source ? { shareId: source.shareId } : { universeId: source.universeId };
const sourceBody = (source: ExplorationSource) =>
  'shareId' in source ? { share_id: source.shareId } : { universe_id: source.universeId };

/**
 * Starting a game (spec 2 §7): `by_source` first — my latest game of the world, if any, can be
 * continued — then `new_start` with the cast picked from the world's recommended characters
 * (at most 5; all of them when the world has no more than that). The new chat opens at once.
 */
export function StartExplorationDialog({
  source,
  onClose,
}: HostedDialogProps & StartExplorationDialogProps) {
  const { t } = useTranslation('exploration');
  const lookup = useGetChatGameBySourceQuery(sourceArg(source), {
    refetchOnMountOrArgChange: true,
  });
  // A shared world's recommended characters are read through the square's documented call
  // (spec 2 §7, `page` and `per_page`); only the living ones can be cast.
  const shareId = 'shareId' in source ? source.shareId : null;
  const shared = useListWorldCharacterPagesInfiniteQuery(
    { shareId: shareId ?? '' },
    { skip: shareId === null },
  );
  const sharedCast = shared.data?.pages
    .flatMap((p) => p.data)
    .filter((c) => c.character_status === 'alive')
    .map(toCastMember);
  const title = lookup.data?.title
    ? t('exploration:start.titleOf', { title: lookup.data.title })
    : t('exploration:start.title');

  let body;
  if (
    lookup.isLoading ||
    (lookup.isFetching && !lookup.data) ||
    (shareId !== null && !lookup.error && shared.isLoading)
  ) {
    body = (
      <div className="list-state" role="status">
        <LoadingIcon />
        <span className="visually-hidden">{t('exploration:start.loading')}</span>
      </div>
    );
  } else if (lookup.error || !lookup.data) {
    const gone = isApiError(lookup.error) && lookup.error.code === 40403;
    body = gone ? (
      <p role="alert">{t('exploration:errors.worldMissing')}</p>
    ) : (
      <ListError
        onRetry={() => void lookup.refetch()}
        message={lookup.error ? errorText('getChatGameBySource', lookup.error, t) : undefined}
      />
    );
  } else if (shareId !== null && !sharedCast) {
    body = (
      <ListError
        onRetry={() => void shared.refetch()}
        message={shared.error ? errorText('listSquareWorldCharacters', shared.error, t) : undefined}
      />
    );
  } else {
    body = (
      <>
        <StartForm
          source={source}
          game={lookup.data.game ?? null}
          characters={sharedCast ?? lookup.data.characters}
          onDone={onClose}
        />
        {shared.hasNextPage ? (
          <button
            type="button"
            className="button"
            disabled={shared.isFetchingNextPage}
            onClick={() => void shared.fetchNextPage()}
          >
            {t('exploration:start.moreCharacters')}
          </button>
        ) : null}
      </>
    );
  }
  return (
    <Dialog title={title} onClose={onClose} size="md" className="start-exploration">
      {body}
    </Dialog>
  );
}

function StartForm({
  source,
  game,
  characters,
  onDone,
}: {
  source: ExplorationSource;
  game: ChatGame | null;
  characters: ChatCharacter[];
  onDone: () => void;
}) {
  const { t } = useTranslation('exploration');
  const navigate = useNavigate();
  const castId = useId();
  const [cast, setCast] = useState(() => initialCast(characters));
  const [error, setError] = useState<string | null>(null);
  const [newStart, { isLoading }] = useNewStartChatGameMutation();
  const full = cast.length >= EXPLORATION_LIMITS.cast;

  function open(chatId: string) {
    onDone();
    void navigate(paths.exploration.getHref({ chat: chatId }));
  }

  async function start() {
    if (characters.length > 0 && cast.length === 0) {
      setError(t('exploration:start.pickOne'));
      return;
    }
    setError(null);
    try {
      const started = await newStart({
        newStartBody: { ...sourceBody(source), ...(cast.length ? { character_ids: cast } : {}) },
      }).unwrap();
      open(started.chat_id);
    } catch (e) {
      setError(errorText('newStartChatGame', e, t));
    }
  }
  const starting = useOnceSubmit(start);

  return (
    <div className="start-exploration__body">
      {game ? (
        <section className="start-exploration__continue" aria-labelledby={`${castId}-continue`}>
          <h3 id={`${castId}-continue`}>{t('exploration:start.continueTitle')}</h3>
          <p>
            {game.last_message
              ? t('exploration:start.continueText', { text: game.last_message })
              : t('exploration:start.continueEmpty')}
          </p>
          <button type="button" className="button" onClick={() => open(game.chat_id)}>
            {t('exploration:start.continue')}
          </button>
        </section>
      ) : null}
      <fieldset className="start-exploration__cast" aria-describedby={`${castId}-hint`}>
        <legend>{t('exploration:start.castLegend')}</legend>
        <p id={`${castId}-hint`} className="start-exploration__hint">
          {characters.length === 0
            ? t('exploration:start.noCharacters')
            : t('exploration:start.castHint', { max: EXPLORATION_LIMITS.cast })}
        </p>
        {characters.length > 0 ? (
          <ul className="start-exploration__characters">
            {characters.map((c) => {
              const checked = cast.includes(c.entry_id);
              return (
                <li key={c.entry_id}>
                  <label className="start-exploration__character">
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={() => setCast((list) => toggleCast(list, c.entry_id))}
                    />
                    {imageUrl(c.image) ? (
                      <img src={imageUrl(c.image)} alt="" width={40} height={40} loading="lazy" />
                    ) : (
                      <span className="start-exploration__initial" aria-hidden="true">
                        {[...c.name][0] ?? '?'}
                      </span>
                    )}
                    <span>
                      <strong>{c.name}</strong>
                      {c.description ? (
                        <span className="start-exploration__description">{c.description}</span>
                      ) : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        ) : null}
      </fieldset>
      {error ? (
        <p role="alert" className="field__error">
          {error}
        </p>
      ) : null}
      <div className="start-exploration__actions">
        <button type="button" className="button" onClick={onDone}>
          {t('exploration:start.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={isLoading || starting.busy}
          aria-busy={isLoading || starting.busy}
          onClick={() => void starting.run()}
        >
          {game ? t('exploration:start.startAgain') : t('exploration:start.start')}
        </button>
      </div>
    </div>
  );
}
