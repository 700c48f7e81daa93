import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { selectIsLoggedIn } from '@/core/session-slice';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { EmailCreateForm } from './email-create-form';
import { EmailLoginForm } from './email-login-form';
import { OauthButtons, type Redirect } from './oauth-buttons';
import { PasswordResetForm } from './password-reset-form';
import { PhoneLoginForm } from './phone-login-form';
import './login-dialog.css';

export type LoginMode = 'phone' | 'email' | 'create' | 'reset';

export interface LoginDialogProps {
  /** Where to start: phone login unless a caller (e-mail-create) asks for another mode. */
  mode?: LoginMode;
  /** Called after a successful login, once the dialog has closed (e.g. retry a follow). */
  onSuccess?: () => void;
  /** A failed third-party return to report (translation key, from `OauthReturn`). */
  oauthErrorKey?: string;
  /** How the browser is sent to a provider; stories and tests pass a spy. */
  redirect?: Redirect;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    login: LoginDialogProps;
  }
}

/**
 * The login dialog (spec 1 §2: a popup, re-mounted each time, replacing any earlier one):
 * phone + code, e-mail + password, e-mail account creation, password reset, and the
 * third-party buttons. One dialog for all of them, so there is never more than one
 * account popup on screen.
 */
export function LoginDialog({
  onClose,
  onSuccess,
  mode: initialMode = 'phone',
  oauthErrorKey,
  redirect,
}: HostedDialogProps & LoginDialogProps) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<LoginMode>(initialMode);
  // The address typed in one e-mail mode carries over to the next.
  const [email, setEmail] = useState('');

  function loggedIn() {
    onClose();
    onSuccess?.();
  }

  // Signed in by another tab (src/core/cross-tab.ts) while this dialog asked: nothing is
  // left to ask here. The dialog closes without `onSuccess`: the action it was opened for is
  // this tab's to repeat, not to run unseen.
  const signedIn = useSelector(selectIsLoggedIn);
  const signedInAtOpen = useRef(signedIn);
  useEffect(() => {
    if (signedIn && !signedInAtOpen.current) onClose();
  }, [signedIn, onClose]);

  function go(next: LoginMode, carriedEmail = email) {
    setEmail(carriedEmail);
    setMode(next);
  }

  const title =
    mode === 'create'
      ? t('auth:create.title')
      : mode === 'reset'
        ? t('auth:reset.title')
        : t('common:auth.loginTitle');

  return (
    <Dialog title={title} onClose={onClose} size="sm" className="login-dialog">
      {mode === 'phone' || mode === 'email' ? (
        <div className="login-dialog__modes" role="group" aria-label={t('auth:modes.label')}>
          {(['phone', 'email'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className="login-dialog__mode"
              aria-pressed={mode === m}
              onClick={() => go(m)}
            >
              {t(`auth:modes.${m}`)}
            </button>
          ))}
        </div>
      ) : (
        <button type="button" className="login-dialog__link" onClick={() => go('email')}>
          {t('auth:backToLogin')}
        </button>
      )}

      {mode === 'phone' ? <PhoneLoginForm key="phone" onLoggedIn={loggedIn} /> : null}
      {mode === 'email' ? (
        <EmailLoginForm
          key="email"
          initialEmail={email}
          onLoggedIn={loggedIn}
          onForgotPassword={(typed) => go('reset', typed)}
          onCreateAccount={(typed) => go('create', typed)}
        />
      ) : null}
      {mode === 'create' ? (
        <EmailCreateForm key="create" initialEmail={email} onLoggedIn={loggedIn} />
      ) : null}
      {mode === 'reset' ? (
        <PasswordResetForm key="reset" initialEmail={email} onReset={(done) => go('email', done)} />
      ) : null}

      {mode === 'phone' || mode === 'email' ? (
        <>
          <OauthButtons redirect={redirect} errorKey={oauthErrorKey} />
          <p className="field__hint login-dialog__agreement">{t('auth:agreement')}</p>
        </>
      ) : null}
    </Dialog>
  );
}
