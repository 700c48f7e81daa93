import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DialogRegistry } from './dialog-registry';
import { createDialogStore, type OtherModals } from './dialog-store';

/** A map of its own: two blocking dialogs, two prompts, an ordinary dialog. */
interface ArbitrationMap {
  ban: undefined;
  login: undefined;
  offer: { price: number };
  update: undefined;
  confirm: undefined;
}

const Nothing = () => null;
const registry: DialogRegistry<ArbitrationMap> = {
  ban: { component: Nothing, onRouteChange: 'keep', role: 'blocking' },
  login: { component: Nothing, onRouteChange: 'keep', role: 'blocking', single: true },
  offer: { component: Nothing, onRouteChange: 'close', role: 'prompt' },
  update: { component: Nothing, onRouteChange: 'keep', role: 'prompt' },
  confirm: { component: Nothing, onRouteChange: 'close' },
};

/** The page's own dialogs (a screen's confirmation), counted by hand. */
function pageModals() {
  let count = 0;
  const listeners = new Set<() => void>();
  const modals: OtherModals = {
    count: () => count,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const set = (n: number) => {
    count = n;
    for (const l of listeners) l();
  };
  return { modals, set };
}

const CALM = 1000;
const names = (store: { getSnapshot(): readonly { name: string }[] }) =>
  store.getSnapshot().map((d) => d.name);

describe('dialog arbitration', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a prompt on a quiet page shows at once', () => {
    const store = createDialogStore(registry, { calmMs: CALM });
    store.open('offer', { price: 9.9 });
    expect(names(store)).toEqual(['offer']);
  });

  it('a blocking dialog holds a prompt until it closes, then the calm passes', () => {
    const store = createDialogStore(registry, { calmMs: CALM });
    const ban = store.open('ban');
    const offer = store.open('offer', { price: 9.9 });
    vi.advanceTimersByTime(10_000);
    expect(names(store)).toEqual(['ban']);
    expect(store.isWaiting(offer)).toBe(true);
    store.close(ban);
    vi.advanceTimersByTime(CALM - 1);
    expect(names(store)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(names(store)).toEqual(['offer']);
  });

  it('a prompt given up while it waits never shows (the banned user logs out)', () => {
    const store = createDialogStore(registry, { calmMs: CALM });
    const ban = store.open('ban');
    const offer = store.open('offer', { price: 9.9 });
    store.close(offer);
    store.close(ban);
    vi.advanceTimersByTime(10_000);
    expect(names(store)).toEqual([]);
  });

  it('a blocking dialog sends a shown prompt back to wait', () => {
    const store = createDialogStore(registry, { calmMs: CALM });
    const offer = store.open('offer', { price: 9.9 });
    const login = store.open('login');
    expect(names(store)).toEqual(['login']);
    expect(store.isWaiting(offer)).toBe(true);
    store.close(login);
    vi.advanceTimersByTime(CALM);
    expect(store.getSnapshot()).toEqual([{ id: offer, name: 'offer', props: { price: 9.9 } }]);
  });

  it('prompts show one at a time: a tip, then the offer after it and the calm', () => {
    const store = createDialogStore(registry, { calmMs: CALM });
    const shown: string[] = [];
    const tip = store.prompt(() => shown.push('tip'));
    store.open('offer', { price: 9.9 });
    expect(shown).toEqual(['tip']);
    vi.advanceTimersByTime(5000);
    expect(names(store)).toEqual([]);
    store.close(tip);
    vi.advanceTimersByTime(CALM);
    expect(names(store)).toEqual(['offer']);
    // A tip asked for while the offer shows waits for it.
    store.prompt(() => shown.push('second tip'));
    vi.advanceTimersByTime(10_000);
    expect(shown).toEqual(['tip']);
    store.closeByName('offer');
    vi.advanceTimersByTime(CALM);
    expect(shown).toEqual(['tip', 'second tip']);
  });

  it("an ordinary dialog and the page's own confirmation hold prompts too", () => {
    const page = pageModals();
    const store = createDialogStore(registry, { calmMs: CALM, otherModals: page.modals });
    const confirm = store.open('confirm');
    store.open('update');
    vi.advanceTimersByTime(10_000);
    expect(names(store)).toEqual(['confirm']);
    // The confirmation 删除这部作品？ is the screen's own dialog, outside the store.
    page.set(1);
    store.close(confirm);
    vi.advanceTimersByTime(10_000);
    expect(names(store)).toEqual([]);
    page.set(0);
    vi.advanceTimersByTime(CALM);
    expect(names(store)).toEqual(['update']);
  });

  it('a prompt is refused a second time while it waits or shows', () => {
    const store = createDialogStore(registry, { calmMs: CALM });
    store.open('ban');
    const first = store.open('offer', { price: 9.9 });
    expect(store.open('offer', { price: 1 })).toBe(first);
    store.closeByName('ban');
    vi.advanceTimersByTime(CALM);
    expect(store.open('offer', { price: 1 })).toBe(first);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it("a route change drops waiting prompts whose rule is 'close'", () => {
    const store = createDialogStore(registry, { calmMs: CALM });
    const ban = store.open('ban');
    store.open('offer', { price: 9.9 });
    store.open('update');
    store.routeChanged();
    store.close(ban);
    vi.advanceTimersByTime(CALM);
    expect(names(store)).toEqual(['update']);
    store.closeByName('update');
    vi.advanceTimersByTime(10_000);
    expect(names(store)).toEqual([]);
  });
});
