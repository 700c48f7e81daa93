import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import type { AppStore, RootState } from '@/app/store';
import type { SessionState } from '@/core/session-slice';
import { signedIn } from '@mocks/scenarios';
import { toSessionState } from './story-decorators';
import { testStore } from './test-store';

export interface ProviderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: Partial<RootState>;
  /** Renders `ui` inside a memory router at this path (for components with links or params). */
  route?: string;
  /** A store built by the test; by default every call builds a new one. */
  store?: AppStore;
}

/**
 * Renders `ui` with a fresh store (or the given one), and a memory router when `route` is
 * given. Returns the store, a `user` (userEvent.setup()) and the render result.
 */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { preloadedState, route, store = testStore(preloadedState), ...renderOptions } = options;
  const router = route
    ? createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] })
    : null;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider store={store}>{children}</AppProvider>
  );
  const user = userEvent.setup();
  const result = render(router ? <RouterProvider router={router} /> : ui, {
    wrapper: Wrapper,
    ...renderOptions,
  });
  return { store, user, router, ...result };
}

/**
 * Route-level integration tests: the app's real route table at `path`, in a memory router,
 * with a fresh store. Screens are lazy, so query them with `findBy…`.
 */
export function renderApp(path: string, options: Omit<ProviderOptions, 'route'> = {}) {
  const { preloadedState, store = testStore(preloadedState), ...renderOptions } = options;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider store={store}>{children}</AppProvider>
  );
  const user = userEvent.setup();
  const result = render(<RouterProvider router={router} />, { wrapper: Wrapper, ...renderOptions });
  return { store, user, router, ...result };
}

/** Signs in on the mock backend (the `signed-in` scenario) and returns the matching store state. */
export async function signedInState(uid?: string): Promise<{ session: SessionState }> {
  return { session: toSessionState(await signedIn(uid)) };
}
