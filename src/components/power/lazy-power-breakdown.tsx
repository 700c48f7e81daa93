import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { withNamespaces } from '@/lib/i18n';
import type { PowerBreakdown } from './power-breakdown';

type Breakdown = ComponentType<Parameters<typeof PowerBreakdown>[0]>;

let loaded: Breakdown | null = null;
let loading: Promise<{ default: Breakdown }> | null = null;

function load() {
  loading ??= withNamespaces(['membership'], () =>
    import('./power-breakdown').then((m) => {
      loaded = m.PowerBreakdown;
      return { default: m.PowerBreakdown };
    }),
  )().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The power breakdown for screens outside the membership pages (the header menu, the editor):
 * its own chunk with the `membership` strings, loaded when first shown, so the first screens
 * carry none of it.
 */
export const LazyPowerBreakdown = lazy(load);

/** Starts loading the breakdown before it is shown (a menu about to open); settles when loaded. */
export function preloadPowerBreakdown(): Promise<void> {
  return load().then(
    () => undefined,
    () => undefined,
  );
}

/** Whether the breakdown's chunk and strings are in (it then renders without suspending). */
export const powerBreakdownLoaded = (): boolean => loaded !== null;

/**
 * The breakdown, rendered at once when loaded, else through `LazyPowerBreakdown` with
 * `fallback` meanwhile (React.lazy suspends on its first render even when the chunk is in).
 */
export function PowerBreakdownWhenReady({
  fallback,
  ...props
}: Parameters<typeof PowerBreakdown>[0] & { fallback: ReactNode }) {
  if (loaded) return createElement(loaded, props);
  return (
    <Suspense fallback={fallback}>
      <LazyPowerBreakdown {...props} />
    </Suspense>
  );
}
