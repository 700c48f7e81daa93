import { isRouteErrorResponse, useNavigate, useRouteError, useRevalidator } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon/icons';

/**
 * Error boundary of every route: a failed chunk load or a render error shows a message
 * and a retry, never a blank page.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const chunkFailed =
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
      error.message,
    );
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <section className="empty-state" role="alert" aria-labelledby="route-error-title">
      <Icon name="warning" size={56} className="empty-state__icon" />
      <h1 id="route-error-title" className="empty-state__title">
        {t(status === 404 ? 'common:notFound.title' : 'common:routeError.title')}
      </h1>
      <p className="empty-state__text">
        {t(chunkFailed ? 'errors:network' : 'common:routeError.text')}
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          // A lazy route whose chunk failed needs a full reload to fetch it again.
          if (chunkFailed) window.location.reload();
          else {
            void revalidator.revalidate();
            void navigate('.', { replace: true });
          }
        }}
      >
        <Icon name="retry" size={18} />
        {t('common:actions.retry')}
      </button>
    </section>
  );
}
