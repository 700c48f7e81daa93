/**
 * Runs the calls made with one key one after the other, each after the previous one settles.
 * A handler that reads, then awaits a write, would otherwise let a concurrent request read
 * the same old row in between (two rotations of one refresh token, two orders under one
 * idempotency key). Calls with different keys still run side by side.
 */
const tails = new Map<string, Promise<unknown>>();

export function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  const result = before.then(run, run);
  const tail = result.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return result;
}
