import type { DialogMap, DialogRegistration } from '@/components/ui/dialog/dialog-registry';
import { withNamespaces } from '@/lib/i18n';

/** How each registered dialog's component (and its strings) is loaded; see dialogs.ts. */
export const dialogLoaders: {
  [K in keyof DialogMap]: () => Promise<{
    default: DialogRegistration<DialogMap[K]>['component'];
  }>;
} = {
  userInfo: withNamespaces(['account', 'media'], () =>
    import('@/features/profile/components/user-info-dialog').then((m) => ({
      default: m.UserInfoDialog,
    })),
  ),
  nickname: withNamespaces(['account'], () =>
    import('@/features/profile/components/nickname-dialog').then((m) => ({
      default: m.NicknameDialog,
    })),
  ),
  cropper: withNamespaces(['media'], () =>
    import('@/components/media/cropper-dialog').then((m) => ({ default: m.CropperDialog })),
  ),
  login: withNamespaces(['auth'], () =>
    import('@/features/auth/components/login-dialog').then((m) => ({
      default: m.LoginDialog,
    })),
  ),
  ban: withNamespaces(['session'], () =>
    import('@/features/auth/components/ban-dialog').then((m) => ({ default: m.BanDialog })),
  ),
  bindPhone:
    // The code checks' messages are the login flow's (auth namespace).
    withNamespaces(['session', 'auth'], () =>
      import('@/features/auth/components/bind-phone-dialog').then((m) => ({
        default: m.BindPhoneDialog,
      })),
    ),
  audit: withNamespaces(['media'], () =>
    import('@/components/media/audit-dialog').then((m) => ({ default: m.AuditDialog })),
  ),
  imageViewer: withNamespaces(['media'], () =>
    import('@/components/media/image-viewer-dialog').then((m) => ({
      default: m.ImageViewerDialog,
    })),
  ),
  report: withNamespaces(['social', 'media'], () =>
    import('@/components/social/report-dialog').then((m) => ({
      default: m.ReportDialog,
    })),
  ),
  feedback: withNamespaces(['account'], () =>
    import('@/features/profile/components/feedback-dialog').then((m) => ({
      default: m.FeedbackDialog,
    })),
  ),
  warn: withNamespaces(['writing'], () =>
    import('@/features/writing/ai/components/warn-dialog').then((m) => ({
      default: m.WarnDialog,
    })),
  ),
  platform: withNamespaces(['download'], () =>
    import('@/features/download/components/platform-dialog').then((m) => ({
      default: m.PlatformDialog,
    })),
  ),
  update: withNamespaces(['events'], () =>
    import('@/features/events/components/update-dialog').then((m) => ({
      default: m.UpdateDialog,
    })),
  ),
  startExploration: withNamespaces(['exploration'], () =>
    import('@/components/exploration/start-exploration-dialog').then((m) => ({
      default: m.StartExplorationDialog,
    })),
  ),
  explorationWord: withNamespaces(['exploration', 'worlds', 'media'], () =>
    import('@/features/exploration/components/world/exploration-word-dialog').then((m) => ({
      default: m.ExplorationWordDialog,
    })),
  ),
  care: withNamespaces(['social'], () =>
    import('@/features/social/components/care-dialog').then((m) => ({
      default: m.CareDialog,
    })),
  ),
  charge: withNamespaces(['charging'], () =>
    import('@/features/charging/components/charge-dialog').then((m) => ({
      default: m.ChargeDialog,
    })),
  ),
  supporters: withNamespaces(['charging'], () =>
    import('@/features/charging/components/supporters-dialog').then((m) => ({
      default: m.SupportersDialog,
    })),
  ),
  record: withNamespaces(['charging'], () =>
    import('@/features/charging/components/record-dialog').then((m) => ({
      default: m.RecordDialog,
    })),
  ),
  pay: withNamespaces(['membership'], () =>
    import('@/features/membership/components/pay-dialog').then((m) => ({
      default: m.PayDialog,
    })),
  ),
  payPackage: withNamespaces(['membership'], () =>
    import('@/features/membership/components/pay-dialog').then((m) => ({
      default: m.PayDialog,
    })),
  ),
  payQr: withNamespaces(['membership'], () =>
    import('@/features/membership/components/pay-qr-dialog').then((m) => ({
      default: m.PayQrDialog,
    })),
  ),
  cardPayment: withNamespaces(['membership'], () =>
    import('@/features/membership/components/card-payment-dialog').then((m) => ({
      default: m.CardPaymentDialog,
    })),
  ),
  retention: withNamespaces(['membership'], () =>
    import('@/features/membership/components/retention-dialog').then((m) => ({
      default: m.RetentionDialog,
    })),
  ),
};
