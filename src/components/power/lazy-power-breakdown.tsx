import { lazy } from 'react';
import { withNamespaces } from '@/lib/i18n';

/**
 * The power breakdown for screens outside the membership pages (the header menu, the editor):
 * its own chunk with the `membership` strings, loaded when first shown, so the first screens
 * carry none of it.
 */
export const LazyPowerBreakdown = lazy(
  withNamespaces(['membership'], () =>
    import('./power-breakdown').then((m) => ({ default: m.PowerBreakdown })),
  ),
);
