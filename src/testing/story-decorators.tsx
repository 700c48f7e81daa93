import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useRouteError } from 'react-router';
import type { Decorator, Loader, Preview, StoryContext } from '@storybook/react-vite';
import { AppProvider } from '@/app/provider';
import type { AppStore, RootState } from '@/app/store';
import '@/app/dialogs';
import { resetRefreshStateForTests } from '@/core/refresh';
import type { SessionState } from '@/core/session-slice';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { LoadingOverlay } from '@/components/ui/loading-overlay/loading-overlay';
import { ToastViewport } from '@/components/ui/toast/toast';
import { changeLanguage, FEATURE_NAMESPACES, i18next, initI18n, loadNamespaces } from '@/lib/i18n';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/lib/i18n-language';
import { applyTheme, type Theme } from '@/lib/theme/theme';
import { themeChanged } from '@/lib/theme/theme-slice';
import { applyStateScenarios, type SCENARIOS, type ScenarioName } from '@mocks/scenarios';
import type { ClientSession } from '@mocks/scenarios/session';
import { resetMockBackend } from '@mocks/testing';
import { endTestStores, testStore } from './test-store';

/**
 * What a story may declare in `parameters` (besides `msw`, `a11y`, `layout`):
 *
 * - `preloadedState`: a partial store state (e.g. a toast or overlay computed with its machine);
 * - `scenarios`: starting-state scenarios by their demo name (`signed-in`, `token-expired` …),
 *   applied to the freshly seeded mock database; a session one of them opens is the store's.
 *   Failing backends are not named here: they go in `parameters.msw.handlers`;
 * - `route`: render inside a memory router at this path (`outlet` fills the story's `<Outlet/>`);
 * - `appFrame`: also render the app's toast, overlay and dialog host (as the root layout does);
 * - `expectEmpty`: the story is meant to render nothing (checked by src/testing/run-stories.tsx).
 */
/** The demo's starting-state scenarios (the fault ones are handlers, see `parameters.msw`). */
export type StateScenarioName = {
  [K in ScenarioName]: (typeof SCENARIOS)[K]['kind'] extends 'state' ? K : never;
}[ScenarioName];

export interface StoryRoute {
  path: string;
  outlet?: ReactNode;
}

export interface AppStoryParameters {
  preloadedState?: Partial<RootState>;
  scenarios?: StateScenarioName[];
  route?: string | StoryRoute;
  appFrame?: boolean;
  expectEmpty?: boolean;
}

export const THEMES: readonly Theme[] = ['light', 'dark'];

/** The toolbar switches of preview.tsx. */
export const globalTypes: Preview['globalTypes'] = {
  locale: {
    description: 'Interface language',
    toolbar: {
      title: 'Language',
      icon: 'globe',
      items: [
        { value: 'zh', title: '中文' },
        { value: 'en', title: 'English' },
      ],
      dynamicTitle: true,
    },
  },
  theme: {
    description: 'Colour theme',
    toolbar: {
      title: 'Theme',
      icon: 'mirror',
      items: [
        { value: 'light', title: 'Light', icon: 'sun' },
        { value: 'dark', title: 'Dark', icon: 'moon' },
      ],
      dynamicTitle: true,
    },
  },
};

export const initialGlobals = { locale: DEFAULT_LANGUAGE, theme: 'light' };

export function localeOf(globals: StoryContext['globals']): Language {
  return isLanguage(globals.locale) ? globals.locale : DEFAULT_LANGUAGE;
}

export function themeOf(globals: StoryContext['globals']): Theme {
  return globals.theme === 'dark' ? 'dark' : 'light';
}

/** The store's session for a client session a scenario opened. */
export function toSessionState(client: ClientSession): SessionState {
  return {
    uid: client.uid,
    accessToken: client.accessToken,
    refreshToken: client.refreshToken,
    endedBy: null,
  };
}

interface StoryLoaded {
  storySession?: SessionState | null;
}

/**
 * Runs before every story (after the service worker is up in the browser): the seeded
 * database, no open dialogs, the story's state scenarios, the toolbar's language and theme.
 * Everything module-level is reset here because, unlike a test, a story has no afterEach.
 */
export const prepareStory: Loader = async (context): Promise<StoryLoaded> => {
  const parameters = context.parameters as AppStoryParameters;
  // The last story's store ends here: its listeners (a session end's login dialog 500 ms on)
  // would otherwise act in this story.
  endTestStores();
  dialogStore.reset();
  resetRefreshStateForTests();
  await resetMockBackend();
  const client = await applyStateScenarios(parameters.scenarios ?? []);
  const locale = localeOf(context.globals);
  await initI18n(locale);
  if (i18next.language !== locale) await changeLanguage(locale);
  await loadNamespaces(FEATURE_NAMESPACES);
  applyTheme(themeOf(context.globals));
  return { storySession: client ? toSessionState(client) : null };
};

/** Wraps every story in a fresh store, the toolbar's language and theme, and a router when asked. */
export const withAppProviders: Decorator = (Story, context) => (
  <StoryProviders context={context}>
    <Story />
  </StoryProviders>
);

function StoryProviders({ context, children }: { context: StoryContext; children: ReactNode }) {
  const parameters = context.parameters as AppStoryParameters;
  const loaded = context.loaded as StoryLoaded;
  const locale = localeOf(context.globals);
  const theme = themeOf(context.globals);
  // One store per mounted story: a remount (another story, "remount" in the toolbar) starts clean.
  const [store] = useState<AppStore>(() =>
    testStore({
      theme: { theme },
      ...(loaded.storySession ? { session: loaded.storySession } : {}),
      ...parameters.preloadedState,
    }),
  );

  useEffect(() => {
    if (i18next.language !== locale) void changeLanguage(locale);
  }, [locale]);

  useEffect(() => {
    applyTheme(theme);
    if (store.getState().theme.theme !== theme) store.dispatch(themeChanged(theme));
  }, [store, theme]);

  const content = (
    <>
      {children}
      {parameters.appFrame ? <AppFrame /> : null}
    </>
  );
  const route =
    typeof parameters.route === 'string' ? { path: parameters.route } : parameters.route;
  return (
    <AppProvider store={store}>
      {route ? <StoryRouter route={route}>{content}</StoryRouter> : content}
    </AppProvider>
  );
}

/** What the root layout adds around every screen. */
function AppFrame() {
  return (
    <>
      <ToastViewport />
      <LoadingOverlay />
      <DialogHost />
    </>
  );
}

// The router is created once per story; the story's element reaches it through context so
// that args and globals changes still re-render it.
const StorySlotContext = createContext<ReactNode>(null);

function StorySlot() {
  return <>{useContext(StorySlotContext)}</>;
}

/** A route error must break the story (and its test), not hide behind React Router's error page. */
function RethrowRouteError(): ReactNode {
  throw useRouteError();
}

function StoryRouter({ route, children }: { route: StoryRoute; children: ReactNode }) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          element: <StorySlot />,
          ErrorBoundary: RethrowRouteError,
          children: [{ path: '*', element: route.outlet ?? null }],
        },
      ],
      { initialEntries: [route.path] },
    ),
  );
  return (
    <StorySlotContext.Provider value={children}>
      <RouterProvider router={router} />
    </StorySlotContext.Provider>
  );
}
