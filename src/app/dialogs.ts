import { lazy, type ComponentType } from 'react';
import type {
  DialogMap,
  DialogRegistration,
  DialogRegistry,
} from '@/components/ui/dialog/dialog-registry';
import { dialogStore } from '@/components/ui/dialog/dialog-store';

/**
 * The dialogs' components are loaded only when a dialog first opens: their loaders (each dialog
 * its own chunk, with its strings) live in `dialog-components.ts`, so the first screens carry
 * only the names and rules below, not every dialog's chunk list.
 */
const loaders = () => import('./dialog-components').then((m) => m.dialogLoaders);

function later<K extends keyof DialogMap>(name: K): DialogRegistration<DialogMap[K]>['component'] {
  // One cast for all names: `lazy` cannot see that a name's loader and component agree.
  const load = () => loaders().then((all) => all[name]()) as Promise<{ default: ComponentType }>;
  return lazy(load) as unknown as DialogRegistration<DialogMap[K]>['component'];
}

/**
 * Every dialog the app opens by name: its component (each its own chunk, loaded with its
 * strings) and its rules. A name comes from `DialogMap`, which the dialog's own file extends
 * with its props; the type requires an entry here for each. Spec 1 §2 says which dialogs go
 * away on a route change (`onRouteChange: 'close'`) and that the login dialog is re-mounted
 * on every opening, replacing any earlier one (`single`); the others stay. Any other dialog
 * opens once: a second opening while it is open is refused (a double click opens one). The
 * `role`s feed the store's arbitration: blocking dialogs hold every prompt until they close.
 */
export const dialogRegistry: DialogRegistry = {
  userInfo: {
    component: later('userInfo'),
    onRouteChange: 'close',
  },
  nickname: {
    component: later('nickname'),
    onRouteChange: 'close',
  },
  cropper: {
    component: later('cropper'),
    onRouteChange: 'keep',
  },
  login: {
    component: later('login'),
    onRouteChange: 'keep',
    single: true,
    role: 'blocking',
  },
  ban: {
    component: later('ban'),
    onRouteChange: 'keep',
    role: 'blocking',
  },
  bindPhone: {
    component: later('bindPhone'),
    onRouteChange: 'keep',
    role: 'blocking',
  },
  // An uploaded image's review (spec 1 §2); its onPassed saves into a field of this page.
  audit: {
    component: later('audit'),
    onRouteChange: 'close',
  },
  // Covers, entry images and report images full size (zoom, arrows); about the page behind.
  imageViewer: {
    component: later('imageViewer'),
    onRouteChange: 'close',
  },
  // Report a shared story, world or user (spec 1 §2, §5, §8); its screenshots upload with the
  // media strings. Logged out it hands over to the login dialog and comes back after it.
  report: {
    component: later('report'),
    onRouteChange: 'keep',
  },
  // Feedback and appeals: where 「可通过反馈申诉」 leads, and the account menu's 意见反馈. What
  // was typed is not about a page, so it stays across a route change.
  feedback: {
    component: later('feedback'),
    onRouteChange: 'keep',
  },
  // Risk warning before the suspension, and the suspension (spec 1 §2, §8); about writing.
  warn: {
    component: later('warn'),
    onRouteChange: 'close',
  },
  // Which platform to download the app for (spec 1 §2 names it): about the page it was opened on.
  platform: {
    component: later('platform'),
    onRouteChange: 'close',
  },
  // What is new in the newest release, once per version (spec 1 §2 'update/acknowledge');
  // opened at start-up by features/events/release-notice-run.ts. Not about a page: it stays.
  update: {
    component: later('update'),
    onRouteChange: 'keep',
    role: 'prompt',
  },
  // "Explore this world" from a shared world's page or my worlds: by_source, then new_start with
  // the cast picked from the world's recommended characters. Opening the chat is a route change.
  startExploration: {
    component: later('startExploration'),
    onRouteChange: 'close',
  },
  // The chat's own world (entries, background, forbidden words), edited without leaving the
  // chat (spec 1 §2 'exploration-word'); the chat screen opens it by name with `{ chatId }`.
  // Entry images take the cropper's exploration flow. About the chat it was opened on.
  explorationWord: {
    component: later('explorationWord'),
    onRouteChange: 'close',
  },
  // After a successful tip: thanks and an offer to follow the author (spec 2 §2 names 'care').
  care: {
    component: later('care'),
    onRouteChange: 'keep',
  },
  // Tip a shared work (spec 1 §2, §5, §6; spec 2 §8), from share pages and author pages; the
  // care dialog follows a tip. About the work it was opened for: it stays over its page only.
  charge: {
    component: later('charge'),
    onRouteChange: 'close',
  },
  // The charge-list slider (spec 1 §2): a work's or a user's ranked supporters and their chart.
  supporters: {
    component: later('supporters'),
    onRouteChange: 'close',
  },
  // My charge records (spec 1 §2 'record': closes on a route change).
  record: {
    component: later('record'),
    onRouteChange: 'close',
  },
  // Paying (spec 2 §2, §4): what is bought and how (membership `pay`, power pack
  // `payPackage`), the QR to scan (polled until paid, expired or cancelled; destroyed on a
  // route change, spec 1 §2), the alipay page (`cardPayment`), and the retention pop-up.
  pay: {
    component: later('pay'),
    onRouteChange: 'close',
  },
  payPackage: {
    component: later('payPackage'),
    onRouteChange: 'close',
  },
  payQr: {
    component: later('payQr'),
    onRouteChange: 'close',
  },
  cardPayment: {
    component: later('cardPayment'),
    onRouteChange: 'close',
  },
  retention: {
    component: later('retention'),
    onRouteChange: 'close',
    role: 'prompt',
  },
};

dialogStore.install(dialogRegistry);
