import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { BackendStorage } from '../backend';
import type { PersistedState } from '../state';

/**
 * The Node mock server's data: the whole state as one JSON file. A save writes a temporary
 * file beside it, syncs it and renames it over the old one, so a killed server leaves either
 * the previous state or the new one, never half of each. The backend awaits each save before
 * it answers, and never runs two at once, so one temporary name is enough.
 */
export function jsonFileStorage(file: string): BackendStorage {
  const temp = `${file}.tmp`;
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        // The backend reseeds and overwrites the file: keep what was there for a look.
        const kept = `${file}.unreadable`;
        await rename(file, kept);
        console.warn(`[mock] ${file} is not JSON (kept as ${kept}); starting from the seed`);
        return null;
      }
    },
    async save(state: PersistedState) {
      await mkdir(dirname(file), { recursive: true });
      const handle = await open(temp, 'w');
      try {
        await handle.writeFile(JSON.stringify(state));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
    },
  };
}
