import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '@/api/base-api';
import { sessionSlice } from '@/session/session-slice';
import { toastSlice } from '@/components/ui/toast/toast-slice';
import { overlaySlice } from '@/components/ui/loading-overlay/overlay-slice';
import { themeSlice } from '@/lib/theme/theme-slice';
import { registerListeners } from './listeners';

export const rootReducer = combineSlices(
  baseApi,
  sessionSlice,
  toastSlice,
  overlaySlice,
  themeSlice,
);

export type RootState = ReturnType<typeof rootReducer>;

export function setupStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault().prepend(listener.middleware).concat(baseApi.middleware),
  });
  registerListeners(listener.startListening.withTypes<RootState, AppDispatch>());
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
