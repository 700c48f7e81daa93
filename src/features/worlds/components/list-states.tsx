import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon/icons';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';

/** A failed first load: the loading-error text and a retry button (spec 1 §8). */
export function ListError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation('worlds');
  return (
    <div className="error-block" role="alert">
      <Icon name="warning" size={40} className="empty-state__icon" />
      <p>{message ?? t('common:list.loadError')}</p>
      <button type="button" className="button" onClick={onRetry}>
        <Icon name="retry" size={16} /> {t('common:actions.retry')}
      </button>
    </div>
  );
}

export function ListEmpty({ title, text }: { title: string; text?: string }) {
  return (
    <div className="empty-state">
      <Icon name="empty" size={48} className="empty-state__icon" />
      <p className="empty-state__title">{title}</p>
      {text ? <p className="empty-state__text">{text}</p> : null}
    </div>
  );
}

export function ListLoading() {
  return (
    <div className="worlds-loading">
      <LoadingIcon />
    </div>
  );
}
