import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createAppRouter, type AppRouter } from './router';
import type { AppStore } from './store';

/**
 * The app: its store and its router. The entry creates the router in a task of its own before
 * the first render (creating it matches the URL and starts the first navigation); without one,
 * the app creates its own.
 */
export function App({ store, router }: { store: AppStore; router?: AppRouter }) {
  const appRouter = useMemo(() => router ?? createAppRouter(), [router]);
  return (
    <AppProvider store={store}>
      <RouterProvider router={appRouter} />
    </AppProvider>
  );
}
