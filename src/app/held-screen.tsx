import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { Provider } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { openModalLayerCount, subscribeModalLayers } from '@/components/ui/dialog/modal-layer';
import { useAppStore } from './hooks';
import type { AppStore, RootState } from './store';

/**
 * The frame of a guarded screen. While `held` (its account's session ended without a logout,
 * and that account may sign in again) the screen stays mounted and on view, read-only: the
 * region is `inert` under a banner that says why, and the screen reads the store as its
 * account's (`endedAccountView`), so its queries keep their arguments and data and its
 * durable text its scope. Its calls wait for the account (core/authorised-call.ts). When
 * the same account signs in the screen is live again, with what was typed still unsaved.
 */
export function GuardedScreen({ held, children }: { held: boolean; children: ReactNode }) {
  const store = useAppStore();
  const [view] = useState(() => endedAccountView(store));
  const region = useRef<HTMLDivElement>(null);
  const banner = useRef<HTMLElement>(null);
  /** The screen's last focused element, and its last focused text field (the user's place). */
  const lastFocus = useRef<{ any: HTMLElement | null; field: HTMLElement | null }>({
    any: null,
    field: null,
  });
  /** Where the keyboard goes back to when the screen is live again, first choice first. */
  const returnTo = useRef<(HTMLElement | null)[]>([]);

  // An inert region drops the focus to the page (so does a pressed button that turned
  // disabled while its call waits): the banner takes it, and the login dialog, opened after
  // the session's message, gives it back there when closed.
  useLayoutEffect(() => {
    if (!held) return;
    returnTo.current = [lastFocus.current.field, lastFocus.current.any];
    const active = document.activeElement;
    const inScreen = active instanceof HTMLElement && !!region.current?.contains(active);
    if (inScreen || !active || active === document.body) banner.current?.focus();
  }, [held]);

  // Live again: the keyboard goes back where it was, once no dialog is open and the focus
  // has nowhere else to be (the banner it was given back to is gone).
  useEffect(() => {
    const targets = returnTo.current;
    if (held || targets.length === 0) return;
    returnTo.current = [];
    const restore = () => {
      if (openModalLayerCount() > 0) return false;
      const active = document.activeElement;
      if (!active || active === document.body) targets.find((el) => el?.isConnected)?.focus();
      return true;
    };
    if (restore()) return;
    const unsubscribe = subscribeModalLayers(() => {
      if (restore()) unsubscribe();
    });
    return unsubscribe;
  }, [held]);

  return (
    <Provider store={held ? view : store}>
      {held ? <SessionEndedBanner bannerRef={banner} /> : null}
      <div
        ref={region}
        className="guarded-screen"
        inert={held}
        onFocus={(event) => {
          const target = event.target;
          lastFocus.current.any = target;
          if (isTextField(target)) lastFocus.current.field = target;
        }}
      >
        {children}
      </div>
    </Provider>
  );
}

function isTextField(el: HTMLElement): boolean {
  if (el.isContentEditable || el instanceof HTMLTextAreaElement) return true;
  return (
    el instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'image', 'range', 'color'].includes(
      el.type,
    )
  );
}

function SessionEndedBanner({ bannerRef }: { bannerRef: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section ref={bannerRef} className="session-held" aria-labelledby={titleId} tabIndex={-1}>
      <div className="session-held__text">
        <p id={titleId} className="session-held__title">
          {t('common:auth.sessionHeldTitle')}
        </p>
        <p>{t('common:auth.sessionHeldText')}</p>
      </div>
      <button type="button" className="button button--primary" onClick={() => openDialog('login')}>
        {t('common:auth.login')}
      </button>
    </section>
  );
}

/**
 * The store as the screen of an ended session reads it: the app's state, whose session names
 * the awaited account (`endedUid`) as its uid while no one is signed in; still signed out
 * (no token), so nothing is sent in its name. Dispatch and subscribe are the store's own.
 */
export function endedAccountView(store: AppStore): AppStore {
  let seen: RootState | null = null;
  let view: RootState | null = null;
  const getState = (): RootState => {
    const state = store.getState();
    if (state !== seen || view === null) {
      seen = state;
      const { session } = state;
      view =
        !session.accessToken && session.endedUid
          ? { ...state, session: { ...session, uid: session.endedUid } }
          : state;
    }
    return view;
  };
  return { ...store, getState };
}
