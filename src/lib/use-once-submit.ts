import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';

/**
 * The one way to submit: `run` starts `action` unless a run is already in flight, and `busy`
 * is true until it settles (the submit button shows it as disabled). The guard is a ref, so
 * a second click or Enter in the same frame — before React has re-rendered the button
 * disabled — is refused too. Money moves through it (tips, purchases, claims), so a double
 * click never sends twice.
 */
export function useOnceSubmit<A extends unknown[]>(
  action: (...args: A) => unknown,
): { run: (...args: A) => Promise<void>; busy: boolean } {
  const inFlight = useRef(false);
  const mounted = useRef(true);
  const [busy, setBusy] = useState(false);
  const latest = useRef(action);
  latest.current = action;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (...args: A) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await latest.current(...args);
    } finally {
      inFlight.current = false;
      if (mounted.current) setBusy(false);
    }
  }, []);

  return { run, busy };
}

/**
 * `useOnceSubmit` for a form: `onSubmit` keeps the page from navigating, also when the run is
 * refused because one is in flight.
 */
export function useOnceFormSubmit(action: () => unknown): {
  run: () => Promise<void>;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
} {
  const { run, busy } = useOnceSubmit(action);
  const onSubmit = useCallback(
    (event: FormEvent) => {
      event.preventDefault();
      void run();
    },
    [run],
  );
  return { run, busy, onSubmit };
}
