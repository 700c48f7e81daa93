import { describe, expect, it } from 'vitest';
import type { DialogRegistry, HostedDialogProps } from './dialog-registry';
import { createDialogStore } from './dialog-store';

/** A map of its own, so the shared store is tested without any product dialog. */
interface TestMap {
  rename: { chapter: string };
  notice: { text?: string };
  about: undefined;
}

const Nothing = () => null;
const registry: DialogRegistry<TestMap> = {
  rename: { component: Nothing, onRouteChange: 'close' },
  notice: { component: Nothing, onRouteChange: 'keep', single: true },
  about: { component: Nothing, onRouteChange: 'keep' },
};

describe('dialog store', () => {
  it('re-mounts a single dialog on every opening and keeps only one', () => {
    const store = createDialogStore(registry);
    const first = store.open('notice');
    const second = store.open('notice', { text: 'again' });
    const notices = store.getSnapshot().filter((d) => d.name === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.id).toBe(second);
    expect(second).not.toBe(first);
    expect(notices[0]!.props).toEqual({ text: 'again' });
  });

  it('refuses a second instance of a dialog: a double click opens it once', () => {
    const store = createDialogStore(registry);
    const a = store.open('rename', { chapter: 'one' });
    const again = store.open('rename', { chapter: 'two' });
    expect(again).toBe(a);
    expect(store.getSnapshot().map((d) => d.props)).toEqual([{ chapter: 'one' }]);
    store.close(a);
    const b = store.open('rename', { chapter: 'two' });
    expect(b).not.toBe(a);
    expect(store.getSnapshot().map((d) => d.props)).toEqual([{ chapter: 'two' }]);
  });

  it('allows several instances when the registration says so, closed by id or name', () => {
    const store = createDialogStore({
      ...registry,
      rename: { ...registry.rename, multiple: true },
    });
    const a = store.open('rename', { chapter: 'one' });
    store.open('rename', { chapter: 'two' });
    expect(store.getSnapshot().filter((d) => d.name === 'rename')).toHaveLength(2);
    store.close(a);
    expect(store.getSnapshot().map((d) => d.props)).toEqual([{ chapter: 'two' }]);
    store.closeByName('rename');
    expect(store.isOpen('rename')).toBe(false);
  });

  it("closes on a route change exactly the dialogs registered with 'close'", () => {
    const store = createDialogStore(registry);
    store.open('rename', { chapter: 'one' });
    store.open('notice');
    store.open('about');
    store.routeChanged();
    expect(store.getSnapshot().map((d) => d.name)).toEqual(['notice', 'about']);
  });

  it('applies no rule before a registry is installed, and the installed one after', () => {
    const store = createDialogStore<TestMap>();
    store.open('notice');
    store.open('notice');
    store.open('rename', { chapter: 'one' });
    store.routeChanged();
    expect(store.getSnapshot().map((d) => d.name)).toEqual(['notice', 'notice', 'rename']);
    store.install(registry);
    store.routeChanged();
    expect(store.getSnapshot().map((d) => d.name)).toEqual(['notice', 'notice']);
    expect(store.registry()).toBe(registry);
  });

  it('notifies subscribers only when something changed', () => {
    const store = createDialogStore(registry);
    let calls = 0;
    const off = store.subscribe(() => (calls += 1));
    store.routeChanged();
    store.close(9999);
    store.reset();
    expect(calls).toBe(0);
    store.open('about');
    expect(calls).toBe(1);
    off();
  });

  it('types a name with its props: unknown names and wrong props do not compile', () => {
    // The @ts-expect-error lines are the test: `tsc --noEmit -p .` (part of `npm test`) fails
    // when any of them stops being an error. At run time they only fill a throwaway store.
    const store = createDialogStore(registry);
    store.open('rename', { chapter: 'one' });
    store.open('notice');
    store.open('notice', { text: 'hi' });
    store.open('about');
    // @ts-expect-error an unknown name
    store.open('missing');
    // @ts-expect-error required props left out
    store.open('rename');
    // @ts-expect-error a prop of the wrong type
    store.open('rename', { chapter: 1 });
    // @ts-expect-error a prop the dialog does not take
    store.open('rename', { chapter: 'one', extra: true });
    // @ts-expect-error a dialog without props takes none
    store.open('about', {});
    // @ts-expect-error closing by an unknown name
    store.closeByName('missing');
    expect(store.getSnapshot().length).toBeGreaterThan(0);
  });

  it('types the registry: one entry per name, a fitting component, a known rule', () => {
    const Rename = ({ chapter }: HostedDialogProps & { chapter: string }) => chapter;
    const fits: DialogRegistry<TestMap> = {
      ...registry,
      rename: { component: Rename, onRouteChange: 'close' },
    };
    // @ts-expect-error a name of the map without a registration
    const missing: DialogRegistry<TestMap> = { rename: registry.rename, notice: registry.notice };
    const extra: DialogRegistry<TestMap> = {
      ...registry,
      // @ts-expect-error a registration for a name the map does not have
      stray: registry.about,
    };
    const wrongComponent: DialogRegistry<TestMap> = {
      ...registry,
      // @ts-expect-error a component that needs props the name does not give
      about: { component: Rename, onRouteChange: 'keep' },
    };
    const wrongRule: DialogRegistry<TestMap> = {
      ...registry,
      // @ts-expect-error a route-change rule that does not exist
      notice: { component: Nothing, onRouteChange: 'hide' },
    };
    expect([fits, missing, extra, wrongComponent, wrongRule]).toHaveLength(5);
  });
});
