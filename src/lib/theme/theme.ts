import { storage, STORAGE_KEYS } from '../storage';

/** Light is the default; the choice is persisted under pro_theme (spec 1 §1). */
export type Theme = 'light' | 'dark';

export function storedTheme(): Theme {
  return storage.get<string>(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme) {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#15171c' : '#ffffff');
}

export function persistTheme(theme: Theme) {
  storage.set(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
}
