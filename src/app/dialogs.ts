import { lazy } from 'react';
import type { DialogRegistry } from '@/components/ui/dialog/dialog-registry';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { withNamespaces } from '@/lib/i18n';

/**
 * Every dialog the app opens by name: its component (each its own chunk, loaded with its
 * strings) and its rules. A name comes from `DialogMap`, which the dialog's own file extends
 * with its props; the type requires an entry here for each. Spec 1 §2 says which dialogs go
 * away on a route change (`onRouteChange: 'close'`) and that the login dialog is re-mounted
 * on every opening, replacing any earlier one (`single`); the others stay.
 */
export const dialogRegistry: DialogRegistry = {
  userInfo: {
    component: lazy(
      withNamespaces(['account', 'media'], () =>
        import('@/features/profile/components/user-info-dialog').then((m) => ({
          default: m.UserInfoDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  nickname: {
    component: lazy(
      withNamespaces(['account'], () =>
        import('@/features/profile/components/nickname-dialog').then((m) => ({
          default: m.NicknameDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  cropper: {
    component: lazy(
      withNamespaces(['media'], () =>
        import('@/components/media/cropper-dialog').then((m) => ({ default: m.CropperDialog })),
      ),
    ),
    onRouteChange: 'keep',
  },
  login: {
    component: lazy(
      withNamespaces(['auth'], () =>
        import('@/features/auth/components/login-dialog').then((m) => ({
          default: m.LoginDialog,
        })),
      ),
    ),
    onRouteChange: 'keep',
    single: true,
  },
  ban: {
    component: lazy(
      withNamespaces(['session'], () =>
        import('@/features/auth/components/ban-dialog').then((m) => ({ default: m.BanDialog })),
      ),
    ),
    onRouteChange: 'keep',
  },
  bindPhone: {
    component: lazy(
      // The code checks' messages are the login flow's (auth namespace).
      withNamespaces(['session', 'auth'], () =>
        import('@/features/auth/components/bind-phone-dialog').then((m) => ({
          default: m.BindPhoneDialog,
        })),
      ),
    ),
    onRouteChange: 'keep',
  },
  // An uploaded image's review (spec 1 §2); its onPassed saves into a field of this page.
  audit: {
    component: lazy(
      withNamespaces(['media'], () =>
        import('@/components/media/audit-dialog').then((m) => ({ default: m.AuditDialog })),
      ),
    ),
    onRouteChange: 'close',
  },
  // Covers, entry images and report images full size (zoom, arrows); about the page behind.
  imageViewer: {
    component: lazy(
      withNamespaces(['media'], () =>
        import('@/components/media/image-viewer-dialog').then((m) => ({
          default: m.ImageViewerDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  // Report a shared story, world or user (spec 1 §2, §5, §8); its screenshots upload with the
  // media strings. Logged out it hands over to the login dialog and comes back after it.
  report: {
    component: lazy(
      withNamespaces(['social', 'media'], () =>
        import('@/components/social/report-dialog').then((m) => ({
          default: m.ReportDialog,
        })),
      ),
    ),
    onRouteChange: 'keep',
  },
  // Risk warning before the suspension, and the suspension (spec 1 §2, §8); about writing.
  warn: {
    component: lazy(
      withNamespaces(['writing'], () =>
        import('@/features/writing/ai/components/warn-dialog').then((m) => ({
          default: m.WarnDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  // Which platform to download the app for (spec 1 §2 names it): about the page it was opened on.
  platform: {
    component: lazy(
      withNamespaces(['download'], () =>
        import('@/features/download/components/platform-dialog').then((m) => ({
          default: m.PlatformDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  // What is new in the newest release, once per version (spec 1 §2 'update/acknowledge');
  // opened at start-up by features/events/release-notice-run.ts. Not about a page: it stays.
  update: {
    component: lazy(
      withNamespaces(['events'], () =>
        import('@/features/events/components/update-dialog').then((m) => ({
          default: m.UpdateDialog,
        })),
      ),
    ),
    onRouteChange: 'keep',
  },
  // "Explore this world" from a shared world's page or my worlds: by_source, then new_start with
  // the cast picked from the world's recommended characters. Opening the chat is a route change.
  startExploration: {
    component: lazy(
      withNamespaces(['exploration'], () =>
        import('@/components/exploration/start-exploration-dialog').then((m) => ({
          default: m.StartExplorationDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  // The chat's own world (entries, background, forbidden words), edited without leaving the
  // chat (spec 1 §2 'exploration-word'); the chat screen opens it by name with `{ chatId }`.
  // Entry images take the cropper's exploration flow. About the chat it was opened on.
  explorationWord: {
    component: lazy(
      withNamespaces(['exploration', 'worlds', 'media'], () =>
        import('@/features/exploration/components/world/exploration-word-dialog').then((m) => ({
          default: m.ExplorationWordDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  // After a successful tip: thanks and an offer to follow the author (spec 2 §2 names 'care').
  care: {
    component: lazy(
      withNamespaces(['social'], () =>
        import('@/features/social/components/care-dialog').then((m) => ({
          default: m.CareDialog,
        })),
      ),
    ),
    onRouteChange: 'keep',
  },
  // Tip a shared work (spec 1 §2, §5, §6; spec 2 §8), from share pages and author pages; the
  // care dialog follows a tip. About the work it was opened for: it stays over its page only.
  charge: {
    component: lazy(
      withNamespaces(['charging'], () =>
        import('@/features/charging/components/charge-dialog').then((m) => ({
          default: m.ChargeDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  // The charge-list slider (spec 1 §2): a work's or a user's ranked supporters and their chart.
  supporters: {
    component: lazy(
      withNamespaces(['charging'], () =>
        import('@/features/charging/components/supporters-dialog').then((m) => ({
          default: m.SupportersDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  // My charge records (spec 1 §2 'record': closes on a route change).
  record: {
    component: lazy(
      withNamespaces(['charging'], () =>
        import('@/features/charging/components/record-dialog').then((m) => ({
          default: m.RecordDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  // Paying (spec 2 §2, §4): what is bought and how (membership `pay`, power pack
  // `payPackage`), the QR to scan (polled until paid, expired or cancelled; destroyed on a
  // route change, spec 1 §2), the alipay page (`cardPayment`), and the retention pop-up.
  pay: {
    component: lazy(
      withNamespaces(['membership'], () =>
        import('@/features/membership/components/pay-dialog').then((m) => ({
          default: m.PayDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  payPackage: {
    component: lazy(
      withNamespaces(['membership'], () =>
        import('@/features/membership/components/pay-dialog').then((m) => ({
          default: m.PayDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  payQr: {
    component: lazy(
      withNamespaces(['membership'], () =>
        import('@/features/membership/components/pay-qr-dialog').then((m) => ({
          default: m.PayQrDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  cardPayment: {
    component: lazy(
      withNamespaces(['membership'], () =>
        import('@/features/membership/components/card-payment-dialog').then((m) => ({
          default: m.CardPaymentDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
  retention: {
    component: lazy(
      withNamespaces(['membership'], () =>
        import('@/features/membership/components/retention-dialog').then((m) => ({
          default: m.RetentionDialog,
        })),
      ),
    ),
    onRouteChange: 'close',
  },
};

dialogStore.install(dialogRegistry);
