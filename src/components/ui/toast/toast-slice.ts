import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { dismissToast, showToast, type ToastInput, type ToastState } from '@/lib/toast-machine';

const initialState: ToastState = { current: null, seq: 0 };

/** Redux face of the pure toast machine (src/lib/toast-machine.ts). */
export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    toastShown(state, action: PayloadAction<ToastInput>) {
      return showToast(state, action.payload);
    },
    toastDismissed(state, action: PayloadAction<number>) {
      return dismissToast(state, action.payload);
    },
  },
  selectors: {
    selectToast: (s) => s.current,
  },
});

export const { toastShown, toastDismissed } = toastSlice.actions;
export const { selectToast } = toastSlice.selectors;
