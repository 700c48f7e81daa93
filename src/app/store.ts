import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '@/api/base-api';
import { sessionSlice } from '@/core/session-slice';
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
    // RTK Query's own actions (request started, answer in) reach the components together, in
    // a task of their own right after (by default: in the next animation frame). React renders
    // what a store change shows synchronously; in an animation frame, that render and the
    // frame's style, layout and paint made one long task: the square's first cards were a
    // 100 ms task, now two shorter ones (Lighthouse's blocking time).
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'timer', timeout: 0 } }),
  });
  registerListeners(listener.startListening.withTypes<RootState, AppDispatch>());
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
