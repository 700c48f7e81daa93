import { clock } from '@/lib/clock';
/**
 * Page analytics go to third-party tools the spec does not detail (spec 1 §7). This records the
 * events in memory instead, so they can be tested and read in the demo; a real tracker can
 * subscribe without callers changing.
 */
export type AnalyticsProps = Record<string, string | number | boolean | null>;

export interface AnalyticsEvent {
  name: string;
  props: AnalyticsProps;
  at: number;
}

const KEPT = 200;
let recorded: AnalyticsEvent[] = [];
const listeners = new Set<(event: AnalyticsEvent) => void>();

export const analytics = {
  track(name: string, props: AnalyticsProps = {}) {
    const event = { name, props, at: clock.now() };
    recorded = [...recorded.slice(-(KEPT - 1)), event];
    for (const listener of listeners) listener(event);
  },
  events: (): readonly AnalyticsEvent[] => recorded,
  subscribe(listener: (event: AnalyticsEvent) => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  clear() {
    recorded = [];
  },
};
