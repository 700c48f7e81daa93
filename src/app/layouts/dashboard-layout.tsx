import { useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Shell } from '@/components/layouts/shell';
import { Icon, type IconName } from '@/components/ui/icon/icons';
import { paths } from '@/config/paths';
import { AppHeader } from './app-header';
import { NovelsOffersSlot } from './novels-offers-slot';
import { useActiveItemInStrip } from './use-active-item-in-strip';

const NAV: { to: string; key: string; icon: IconName }[] = [
  { to: paths.dashboard.square.path, key: 'nav.square', icon: 'square' },
  { to: paths.dashboard.feed.path, key: 'nav.feed', icon: 'feed' },
  { to: paths.dashboard.novels.path, key: 'nav.novels', icon: 'novels' },
  { to: paths.dashboard.worlds.path, key: 'nav.worlds', icon: 'worlds' },
  { to: paths.dashboard.exploration.path, key: 'nav.exploration', icon: 'exploration' },
  { to: paths.dashboard.recycle.path, key: 'nav.recycle', icon: 'recycle' },
  { to: paths.dashboard.vip.path, key: 'nav.vip', icon: 'vip' },
  { to: paths.dashboard.package.path, key: 'nav.package', icon: 'package' },
  { to: paths.dashboard.charge.path, key: 'nav.charge', icon: 'charge' },
  { to: paths.dashboard.abouts.path, key: 'nav.abouts', icon: 'abouts' },
];

/** The /dashboard shell: header, side navigation, and the child screen. */
export function DashboardLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  useActiveItemInStrip(list, pathname);
  return (
    <Shell
      header={<AppHeader />}
      nav={
        <ul className="side-nav" ref={list}>
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) => `side-nav__link${isActive ? ' is-active' : ''}`}
              >
                <Icon name={item.icon} />
                <span>{t(`common:${item.key}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      }
    >
      <Outlet />
      <NovelsOffersSlot pathname={pathname} />
    </Shell>
  );
}
