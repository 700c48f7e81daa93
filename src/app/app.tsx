import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import type { AppStore } from './store';

export function App({ store }: { store: AppStore }) {
  const router = useMemo(() => createAppRouter(), []);
  return (
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
