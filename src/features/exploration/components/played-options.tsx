import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListPlayedOptionsQuery } from '@/api/exploration';
import { ListError } from '@/components/ui/list-state/list-state';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';
import './played-options.css';

/** The latest choices listed (the contract's largest page). */
export const PLAYED_OPTIONS_LIMIT = 50;

/**
 * The choices the player made in this chat (task mode), latest first: a disclosure in the
 * toolbar whose list is read when first opened and again after every turn while open. Esc
 * closes it and gives the focus back to its button.
 */
export function PlayedOptions({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useListPlayedOptionsQuery({ chatId, limit: PLAYED_OPTIONS_LIMIT }, { skip: !open });
  const played = list.data?.data ?? [];

  return (
    <div
      className="played-options"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((now) => !now)}
      >
        {t('exploration:options.played')}
      </button>
      {open ? (
        <section
          id={id}
          className="played-options__panel"
          aria-label={t('exploration:options.played')}
        >
          {list.isLoading ? (
            <div role="status">
              <LoadingIcon />
              <span className="visually-hidden">{t('exploration:options.playedLoading')}</span>
            </div>
          ) : list.isError && !list.data ? (
            <ListError
              onRetry={() => void list.refetch()}
              message={t('exploration:options.playedFailed')}
            />
          ) : played.length === 0 ? (
            <p className="played-options__empty">{t('exploration:options.playedEmpty')}</p>
          ) : (
            <ol className="played-options__list">
              {played.map((option) => (
                <li key={option.id}>{option.text}</li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </div>
  );
}
