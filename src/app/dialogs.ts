import { lazy } from 'react';
import type { DialogRegistry } from '@/components/ui/dialog/dialog-host';
import { withNamespaces } from '@/lib/i18n';

/** Every dialog the app can open by name; each is its own chunk, loaded with its strings. */
export const dialogRegistry: DialogRegistry = {
  userInfo: lazy(
    withNamespaces(['account', 'media'], () =>
      import('@/features/profile/components/user-info-dialog').then((m) => ({
        default: m.UserInfoDialog,
      })),
    ),
  ),
  nickname: lazy(
    withNamespaces(['account'], () =>
      import('@/features/profile/components/nickname-dialog').then((m) => ({
        default: m.NicknameDialog,
      })),
    ),
  ),
  cropper: lazy(
    withNamespaces(['media'], () =>
      import('@/components/media/cropper-dialog').then((m) => ({ default: m.CropperDialog })),
    ),
  ),
  login: lazy(
    withNamespaces(['auth'], () =>
      import('@/features/auth/components/login-dialog').then((m) => ({ default: m.LoginDialog })),
    ),
  ),
  ban: lazy(
    withNamespaces(['session'], () =>
      import('@/features/auth/components/ban-dialog').then((m) => ({ default: m.BanDialog })),
    ),
  ),
  bindPhone: lazy(
    // The code checks' messages are the login flow's (auth namespace).
    withNamespaces(['session', 'auth'], () =>
      import('@/features/auth/components/bind-phone-dialog').then((m) => ({
        default: m.BindPhoneDialog,
      })),
    ),
  ),
};
