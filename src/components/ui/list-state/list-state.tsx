import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon/icons';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';

/**
 * The states of a list besides its rows, the same on every list (stories, chapters, recycle
 * bin, worlds, glossary, public views): the first load, a failed load with a retry (spec 1
 * §8), and an empty list with what to do next (spec 1 §2).
 */

/** The first load of a list, or of its next page. */
export function ListLoading() {
  return (
    <div className="list-state">
      <LoadingIcon />
    </div>
  );
}

/** A failed load: the loading-error text (or the caller's) and a retry button. */
export function ListError({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="list-state" role="alert">
      <Icon name="warning" size={40} className="empty-state__icon" />
      <p className="empty-state__text">{message ?? t('common:list.loadError')}</p>
      <button type="button" className="button" onClick={onRetry}>
        <Icon name="retry" size={16} /> {t('common:actions.retry')}
      </button>
    </div>
  );
}

/** An empty list: an icon, a title and/or a text, and what to do next (`children`). */
export function ListEmpty({
  title,
  text,
  children,
  heading = false,
}: {
  title?: string;
  text?: string;
  children?: ReactNode;
  /** The state is the whole page (no list heading above it): its title is the page's h1. */
  heading?: boolean;
}) {
  const Title = heading ? 'h1' : 'p';
  return (
    <div className="list-state">
      <Icon name="empty" size={48} className="empty-state__icon" />
      {title ? <Title className="empty-state__title">{title}</Title> : null}
      {text ? <p className="empty-state__text">{text}</p> : null}
      {children}
    </div>
  );
}
