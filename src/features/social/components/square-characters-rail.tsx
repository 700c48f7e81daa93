import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListSquareCharactersQuery, type SquareCharacter } from '@/api/square';
import { Icon } from '@/components/ui/icon/icons';
import { paths } from '@/config/paths';
import { imageUrl } from '@/lib/image-url';

const NO_CHARACTERS: SquareCharacter[] = [];

/** How many recommended characters the rail asks for. */
export const RAIL_CHARACTERS = 12;

/**
 * Recommended role-play characters of shared worlds (spec 2 §7 Square), as one row that scrolls
 * sideways; each opens its world's public page. Its height is kept while it loads, so the cards
 * below do not move; a failure keeps the row with a retry; no characters, no row.
 */
export function SquareCharactersRail() {
  const { t } = useTranslation('square');
  const query = useListSquareCharactersQuery({ limit: RAIL_CHARACTERS });
  // The row is drawn in a render of its own, after the one that shows the first cards (which
  // usually arrive in the same frame): the two together made one long task.
  const data = useDeferredValue(query.data);
  const characters = data?.data ?? NO_CHARACTERS;
  if (query.isSuccess && query.data.data.length === 0) return null;
  return (
    <section className="character-rail" aria-labelledby="character-rail-title">
      <h2 id="character-rail-title" className="character-rail__title">
        {t('square.characters.title')}
      </h2>
      {query.isError ? (
        <div className="character-rail__state" role="alert">
          <span>{t('square.characters.loadError')}</span>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            <Icon name="retry" size={16} /> {t('common:actions.retry')}
          </button>
        </div>
      ) : !data ? (
        <div className="character-rail__state" aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('common:loading')}
          </span>
        </div>
      ) : (
        <ul className="character-rail__list">
          {characters.map((c) => (
            <CharacterItem key={`${c.universe.share_id}-${c.id}`} character={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CharacterItem({ character }: { character: SquareCharacter }) {
  const { t } = useTranslation('square');
  const src = imageUrl(character.image);
  const [broken, setBroken] = useState(false);
  return (
    <li className="character-rail__item">
      <Link
        className="character-rail__link"
        to={paths.universe.getHref(character.universe.share_id)}
        title={character.description || undefined}
      >
        {src && !broken ? (
          <img
            className="character-rail__avatar"
            src={src}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
            onError={() => setBroken(true)}
          />
        ) : (
          <span className="character-rail__avatar character-rail__avatar--none" aria-hidden="true">
            {Array.from(character.name.trim())[0] ?? ''}
          </span>
        )}
        <span className="character-rail__name">{character.name}</span>
        {/* Named by what it shows (label in name): "name, from the world title". */}
        <span className="character-rail__world">
          <span className="visually-hidden">{t('square.characters.from')} </span>
          {character.universe.title}
        </span>
      </Link>
    </li>
  );
}
