import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  closeOverlay,
  openOverlay,
  type OverlayInput,
  type OverlayState,
} from '@/lib/overlay-machine';

const initialState: OverlayState = { current: null, seq: 0 };

/** Redux face of the pure overlay machine: one full-screen loader at a time. */
export const overlaySlice = createSlice({
  name: 'overlay',
  initialState,
  reducers: {
    overlayOpened(state, action: PayloadAction<OverlayInput>) {
      return openOverlay(state, action.payload);
    },
    overlayClosed(state, action: PayloadAction<number>) {
      return closeOverlay(state, action.payload);
    },
  },
  selectors: {
    selectOverlay: (s) => s.current,
  },
});

export const { overlayOpened, overlayClosed } = overlaySlice.actions;
export const { selectOverlay } = overlaySlice.selectors;
