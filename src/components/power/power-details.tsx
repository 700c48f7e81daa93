import { Suspense, useState } from 'react';
import type { WritingBenefits } from '@/api/account/startup';
import { LazyPowerBreakdown } from './lazy-power-breakdown';
import './power-breakdown.css';

/**
 * The power breakdown behind a disclosure (`label` is the caller's own string): loaded with
 * its strings when first opened, for screens that show the balance in a line of their own.
 */
export function PowerDetails({ benefits, label }: { benefits: WritingBenefits; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="power-details" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{label}</summary>
      {open ? (
        <Suspense fallback={null}>
          <LazyPowerBreakdown benefits={benefits} compact />
        </Suspense>
      ) : null}
    </details>
  );
}
