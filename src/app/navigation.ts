/**
 * Lets non-React code (store listeners) navigate with the app's router once it exists.
 */
export interface NavigateOptions {
  replace?: boolean;
  /**
   * A leave that no unsaved-work prompt holds (src/lib/use-leave-guard.ts): the session ended
   * by a logout, whose typed text stays kept for the account (durable text, drafts) and comes
   * back after the next login.
   */
  unguarded?: boolean;
}

type Navigate = (to: string, options?: NavigateOptions) => void;

let navigator: Navigate | null = null;

export function setNavigator(fn: Navigate | null) {
  navigator = fn;
}

export function navigateTo(to: string, options?: NavigateOptions) {
  navigator?.(to, options);
}
