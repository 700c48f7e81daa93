import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon/icons';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';

/** The first load of a list (spec 1 §4 "Lists: initial load"). */
export function ListLoading() {
  return (
    <div className="stories-state">
      <LoadingIcon />
    </div>
  );
}

/** A failed first load: the loading-error text and a retry button (spec 1 §8). */
export function ListError({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="stories-state" role="alert">
      <Icon name="warning" size={40} className="empty-state__icon" />
      <p className="empty-state__text">{message ?? t('common:list.loadError')}</p>
      <button type="button" className="button" onClick={onRetry}>
        <Icon name="retry" size={16} /> {t('common:actions.retry')}
      </button>
    </div>
  );
}

/** An empty list: an icon with text (spec 1 §2), and what to do next. */
export function ListEmpty({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="stories-state">
      <Icon name="empty" size={48} className="empty-state__icon" />
      <p className="empty-state__text">{text}</p>
      {children}
    </div>
  );
}
