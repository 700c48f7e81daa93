/**
 * A page can be served while its backend is still starting: the demo's backend is a service
 * worker that installs on the first visit. The page's host script says so by setting
 * `window.__backendGate` before the app runs; API calls wait for `ready`, and the first
 * render waits for `startup` (a starting state the host installs, such as a session named
 * in the URL). Without a gate (a real backend) nothing waits. The same code ships in both
 * builds: only the host script differs.
 */
export interface BackendGate {
  ready: Promise<unknown>;
  startup: Promise<unknown>;
}

declare global {
  interface Window {
    __backendGate?: BackendGate;
  }
}

const gate = (): BackendGate | undefined =>
  typeof window === 'undefined' ? undefined : window.__backendGate;

/** Resolves when the backend can answer (or has failed to start: calls then fail as offline). */
export function backendReady(): Promise<unknown> {
  return gate()?.ready.catch(() => undefined) ?? Promise.resolve();
}

/** Resolves when the host has installed any starting state the first render must see. */
export function startupReady(): Promise<unknown> {
  return gate()?.startup.catch(() => undefined) ?? Promise.resolve();
}
