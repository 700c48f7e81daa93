import { lazy } from 'react';
import type { DialogRegistry } from '@/components/ui/dialog/dialog-host';

/** Every dialog the app can open by name; each is its own chunk. */
export const dialogRegistry: DialogRegistry = {
  login: lazy(() =>
    import('@/features/auth/components/login-dialog').then((m) => ({ default: m.LoginDialog })),
  ),
};
