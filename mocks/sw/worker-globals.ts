/**
 * MSW's core keeps mock cookies in `localStorage` whenever it does not run in Node, and a
 * service worker has no `localStorage`: give this worker a memory one before MSW loads (this
 * module is the worker's first import). No handler sets cookies; the store only has to exist.
 */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}

if (typeof (globalThis as { localStorage?: Storage }).localStorage === 'undefined')
  Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage() });
