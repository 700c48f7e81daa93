import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { servedTextStale } from '@/api/served-text';
import { Icon } from '@/components/ui/icon/icons';
import { paths } from '@/config/paths';
import { changeLanguage } from '@/lib/i18n';
import { isLanguage } from '@/lib/i18n-language';
import { selectTheme, themeToggled } from '@/lib/theme/theme-slice';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { useAppDispatch, useAppSelector } from '../hooks';
import { HeaderSearch } from './header-search';

export function AppHeader() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectTheme);
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';

  return (
    <div className="app-header">
      <Link
        to={paths.dashboard.root.getHref()}
        className="app-header__brand"
        aria-label={t('common:brandHome')}
      >
        <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="var(--accent)" />
          <path d="M9 23c4-10 9-14 14-14-3 3-5 8-6 14z" fill="#fff" />
        </svg>
        <span className="app-header__name">{t('common:brand')}</span>
      </Link>
      <HeaderSearch />
      <div className="app-header__actions">
        <label className="select-control">
          <Icon name="globe" size={18} />
          <span className="visually-hidden">{t('common:settings.language')}</span>
          <select
            value={lang}
            onChange={(e) => {
              if (!isLanguage(e.target.value)) return;
              // Names the server wrote in the old language are fetched again in the new one.
              void changeLanguage(e.target.value).then(() => dispatch(servedTextStale()));
            }}
          >
            <option value="zh">中文</option>
            <option value="en">English</option>
          </select>
        </label>
        <button
          type="button"
          className="icon-button"
          aria-pressed={theme === 'dark'}
          aria-label={t('common:settings.darkTheme')}
          title={t(
            theme === 'dark' ? 'common:settings.switchToLight' : 'common:settings.switchToDark',
          )}
          onClick={() => dispatch(themeToggled())}
        >
          <Icon name={theme === 'dark' ? 'moon' : 'sun'} />
        </button>
        <AccountMenu />
      </div>
    </div>
  );
}
