import { Avatar } from '@/components/ui/avatar/avatar';
import { useEffect, useId, useRef, useState } from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useGetWritingBenefitsQuery } from '@/api/account/startup';
import { useGetSelfProfileQuery } from '@/api/profile';
import { selectUid } from '@/core/session-slice';
import {
  PowerBreakdownWhenReady,
  powerBreakdownLoaded,
  preloadPowerBreakdown,
} from '@/components/power/lazy-power-breakdown';
import { sleep } from '@/lib/clock';
import { Icon } from '@/components/ui/icon/icons';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/number-format';
import { logOut } from '@/session/logout';
import { powerBalance } from '@/rules/power';

/** How long opening the menu waits for the power breakdown's chunk. */
const OPEN_WAIT_MS = 300;

/** Avatar, power balance, profile links and logout of the signed-in user. */
export function SignedInMenu() {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const uid = useSelector(selectUid);
  const { data: profile } = useGetSelfProfileQuery();
  const { data: benefits } = useGetWritingBenefitsQuery();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const name = profile?.user.name ?? '';
  const avatar = profile?.user.avatar ?? '';
  const power = benefits ? powerBalance(benefits) : null;
  const lang = i18n.language === 'en' ? 'en' : 'zh';

  // The panel opens with its breakdown in place: a breakdown arriving after it pushed the items
  // down under a pointer about to click one. Its chunk is asked for as the pointer or focus
  // reaches the trigger; the panel waits for it at most OPEN_WAIT_MS, then opens with the total.
  const opening = useRef(false);
  function toggle() {
    if (open) return setOpen(false);
    if (!benefits || powerBreakdownLoaded()) return setOpen(true);
    if (opening.current) return;
    opening.current = true;
    void Promise.race([preloadPowerBreakdown(), sleep(OPEN_WAIT_MS)]).then(() => {
      opening.current = false;
      setOpen(true);
    });
  }

  async function onLogout() {
    setOpen(false);
    await logOut(dispatch);
    dispatch(toastShown({ msg: t('common:auth.loggedOut') }));
  }

  /**
   * A dialog opened from the menu: the item goes with the menu, so the trigger takes the focus
   * first, and the dialog gives it back there when it closes (never to the page).
   */
  const fromMenu = (openIt: () => void) => {
    setOpen(false);
    rootRef.current?.querySelector<HTMLElement>('.account-menu__trigger')?.focus();
    openIt();
  };

  return (
    <div
      className="account-menu"
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          (rootRef.current?.querySelector('.account-menu__trigger') as HTMLElement | null)?.focus();
        }
      }}
    >
      <button
        type="button"
        className="account-menu__trigger"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={() => void preloadPowerBreakdown()}
        onFocus={() => void preloadPowerBreakdown()}
        onClick={toggle}
      >
        <Avatar src={avatar} />
        <span className="account-menu__name">{name}</span>
        {/* The accessible name starts with the visible one (WCAG label-in-name). */}
        <span className="visually-hidden">{t('common:auth.account')}</span>
      </button>
      {open ? (
        <div className="account-menu__panel" id={panelId}>
          {benefits && power !== null ? (
            // The breakdown (spec 2 §1) loads with the panel; the total stands in meanwhile.
            <div className="menu-meta">
              <PowerBreakdownWhenReady
                benefits={benefits}
                compact
                fallback={<p>{t('common:power.balanceOf', { value: formatCount(power, lang) })}</p>}
              />
            </div>
          ) : null}
          {uid ? (
            <Link
              className="menu-item"
              to={paths.user.getHref(uid)}
              target="_blank"
              rel="noopener"
              onClick={() => setOpen(false)}
            >
              <Icon name="user" size={18} />
              {t('common:auth.profile')}
            </Link>
          ) : null}
          <button
            type="button"
            className="menu-item"
            onClick={() => fromMenu(() => openDialog('userInfo'))}
          >
            <Icon name="user" size={18} />
            {t('common:auth.editProfile')}
          </button>
          <button
            type="button"
            className="menu-item"
            onClick={() => fromMenu(() => openDialog('feedback', {}))}
          >
            <Icon name="abouts" size={18} />
            {t('common:auth.feedback')}
          </button>
          <button type="button" className="menu-item" onClick={() => void onLogout()}>
            <Icon name="logout" size={18} />
            {t('common:auth.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
