import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Theme } from './theme';

export interface ThemeState {
  theme: Theme;
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: { theme: 'light' } as ThemeState,
  reducers: {
    themeChanged(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
    themeToggled(state) {
      state.theme = state.theme === 'light' ? 'dark' : 'light';
    },
  },
  selectors: {
    selectTheme: (s) => s.theme,
  },
});

export const { themeChanged, themeToggled } = themeSlice.actions;
export const { selectTheme } = themeSlice.selectors;
