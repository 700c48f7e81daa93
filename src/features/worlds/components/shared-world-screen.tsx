import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '@/api/error-messages';
import { selectUid } from '@/core/session-slice';
import { useCreateWorldMutation, useGetSharedWorldQuery, type Entry } from '@/api/worlds';
import { useListWorldCharacterPagesInfiniteQuery, type SquareCharacter } from '@/api/square';
import { openStartExploration } from '@/components/exploration/open-start-exploration';
import { PublicShareFrame, PublicShareUnavailable } from '@/components/layouts/public-share-frame';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { paths } from '@/config/paths';
import { ListError, ListLoading } from '@/components/ui/list-state/list-state';
import './worlds.css';
import { useOnceSubmit } from '@/lib/use-once-submit';

/**
 * The public view of a shared world (/universe/{shareid}, anonymous allowed): background and
 * the characters recommended for role-play; a logged-in visitor can explore the world (play a
 * chat game in it) or copy it.
 */
export function SharedWorldScreen() {
  const { shareid = '' } = useParams();
  return <SharedWorldView shareId={shareid} />;
}

/** The public view of the world shared as `shareId`. */
export function SharedWorldView({ shareId: shareid }: { shareId: string }) {
  const { t } = useTranslation('worlds');
  const uid = useSelector(selectUid);
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const query = useGetSharedWorldQuery({ shareId: shareid });
  const [createWorld, copyState] = useCreateWorldMutation();
  const copying = useOnceSubmit(async (shareId: string) => {
    try {
      const copied = await createWorld({ createWorldBody: { share_id: shareId } }).unwrap();
      void navigate(paths.dashboard.world.getHref(copied.id));
    } catch (error) {
      // createWorld is quiet for the forms (they show errors at fields): say it here.
      dispatch(toastShown({ msg: errorText('createWorld', error, t), type: 'error' }));
    }
  });

  if (query.isLoading) return <ListLoading />;
  if (query.isError || !query.data) {
    const status = query.error && 'status' in query.error ? query.error.status : 0;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return <PublicShareUnavailable message={errorText('getSharedWorld', query.error, t)} />;
    }
    return <ListError onRetry={() => void query.refetch()} />;
  }

  const { world, author, characters } = query.data;
  return (
    <PublicShareFrame
      kicker={t('worlds:public.kicker')}
      title={world.title}
      cover={world.cover || undefined}
      work={{
        kind: 'universe',
        shareId: world.share_id,
        supporterCount: query.data.supporter_count,
      }}
      author={author}
      actions={
        uid ? (
          <>
            <button
              type="button"
              className="button button--primary"
              onClick={() => openStartExploration({ shareId: world.share_id })}
            >
              {t('worlds:explore')}
            </button>
            <button
              type="button"
              className="button"
              disabled={copyState.isLoading || copying.busy}
              aria-busy={copying.busy}
              onClick={() => void copying.run(world.share_id)}
            >
              {t('worlds:public.copy')}
            </button>
          </>
        ) : null
      }
    >
      <section aria-labelledby="public-background">
        <h2 id="public-background">{t('worlds:fields.background')}</h2>
        <p className="public-world__background">{world.background}</p>
      </section>
      <section aria-labelledby="public-characters">
        <h2 id="public-characters">{t('worlds:public.characters')}</h2>
        <SharedCharacters shareId={world.share_id} entries={characters} />
      </section>
    </PublicShareFrame>
  );
}

/**
 * The world's recommended characters, read through the square's documented call (spec 2 §7,
 * `page` and `per_page`), page after page; an entry's goal comes from the world's own answer.
 */
function SharedCharacters({ shareId, entries }: { shareId: string; entries: Entry[] }) {
  const { t } = useTranslation('worlds');
  const list = useListWorldCharacterPagesInfiniteQuery({ shareId });
  if (list.isLoading) return <ListLoading />;
  if (!list.data)
    return (
      <ListError
        onRetry={() => void list.refetch()}
        message={list.error ? errorText('listSquareWorldCharacters', list.error, t) : undefined}
      />
    );
  const shown = list.data.pages.flatMap((p) => p.data);
  if (shown.length === 0) return <p>{t('worlds:public.noCharacters')}</p>;
  const targets = new Map(entries.map((e) => [e.id, e.character_target]));
  return (
    <>
      <ul className="world-grid">
        {shown.map((c) => (
          <CharacterCard key={c.id} character={{ ...c, character_target: targets.get(c.id) }} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <button
          type="button"
          className="button"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('worlds:public.moreCharacters')}
        </button>
      ) : null}
    </>
  );
}

type ShownCharacter = Pick<
  SquareCharacter,
  'name' | 'description' | 'character_age' | 'character_status'
> & { character_target?: string | null };

function CharacterCard({ character }: { character: ShownCharacter }) {
  const { t } = useTranslation('worlds');
  return (
    <li className="world-card">
      <h3 className="world-card__title">{character.name}</h3>
      <p className="world-card__meta">
        {t(`worlds:entry.ages.${character.character_age}`)} ·{' '}
        {t(`worlds:entry.statuses.${character.character_status}`)}
      </p>
      {character.description ? (
        <p className="world-card__background">{character.description}</p>
      ) : null}
      {character.character_target ? (
        <p className="world-card__meta">
          {t('worlds:entry.target')}: {character.character_target}
        </p>
      ) : null}
    </li>
  );
}

export default SharedWorldScreen;
