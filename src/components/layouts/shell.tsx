import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The page frame: a skip link, a header, an optional side navigation and the main area.
 * Feature-agnostic: what goes in the header and the navigation is passed in.
 */
export function Shell({
  header,
  nav,
  children,
}: {
  header: ReactNode;
  nav?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={`shell${nav ? ' shell--with-nav' : ''}`}>
      <a className="skip-link" href="#main">
        {t('common:a11y.skipToContent')}
      </a>
      <header className="shell__header">{header}</header>
      {nav ? (
        <nav className="shell__nav" aria-label={t('common:a11y.mainNavigation')}>
          {nav}
        </nav>
      ) : null}
      <main id="main" className="shell__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
