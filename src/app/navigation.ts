/**
 * Lets non-React code (store listeners) navigate with the app's router once it exists.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(fn: Navigate | null) {
  navigator = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }) {
  navigator?.(to, options);
}
