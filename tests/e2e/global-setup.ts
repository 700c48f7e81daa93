import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureCjkFonts } from './support/cjk-fonts.mjs';
import { startStaticServer, type StaticServer } from './support/static-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Demo build (`dist`, base `/`): origin with no trailing slash, append an app path. */
    demoUrl: string;
    /** Sub-path build (`dist-subpath`, base `/demo/`): origin + `/demo`, append an app path. */
    subpathUrl: string;
    /** The folder of the demo build being served (under E2E_OUT when set). */
    demoDir: string;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SUBPATH_BASE = '/demo/';

/** One `vite build` in a child process, so its env (VITE_BASE) cannot leak into the other build. */
function viteBuild(outDir: string, env: Record<string, string>): Promise<void> {
  const vite = resolve(ROOT, 'node_modules/vite/bin/vite.js');
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        // Vitest sets NODE_ENV=test, which would bundle React's development build: the suite
        // tests what ships (production React, several times faster), as a visitor runs it.
        env: { ...process.env, NODE_ENV: 'production', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0
        ? done()
        : fail(
            new Error(`vite build --outDir ${outDir} failed (exit ${code}):\n${log.slice(-6000)}`),
          ),
    );
  });
}

/**
 * Builds the demo twice (at `/` into dist, at `/demo/` into dist-subpath) unless
 * E2E_SKIP_BUILD=1, serves both on free ports and hands the URLs to the tests.
 * E2E_OUT=dir builds both under that folder instead (parallel work on one machine must not
 * share a dist folder).
 */
export default async function setup(project: TestProject) {
  // Layout that depends on line wrapping is only tested where Chinese is drawn as readers see it.
  ensureCjkFonts();
  const outRoot = process.env.E2E_OUT ? resolve(ROOT, process.env.E2E_OUT) : ROOT;
  const builds: [string, Record<string, string>][] = [
    [resolve(outRoot, 'dist'), { VITE_MOCKS: 'true' }],
    [resolve(outRoot, 'dist-subpath'), { VITE_MOCKS: 'true', VITE_BASE: SUBPATH_BASE }],
  ];
  if (process.env.E2E_SKIP_BUILD === '1') {
    for (const [outDir] of builds) {
      if (!existsSync(resolve(outDir, 'index.html'))) {
        throw new Error(`E2E_SKIP_BUILD=1 but ${outDir}/index.html is missing: build it first`);
      }
    }
  } else {
    const started = Date.now();
    // Sequential: two builds at once on a 2-core machine are no faster and compete for memory.
    for (const [outDir, env] of builds) await viteBuild(outDir, env);
    console.log(
      `[e2e] built dist and dist-subpath in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  const servers: StaticServer[] = [];
  try {
    servers.push(await startStaticServer({ root: builds[0]![0], base: '/' }));
    servers.push(await startStaticServer({ root: builds[1]![0], base: SUBPATH_BASE }));
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    throw error;
  }
  const [demo, subpath] = servers as [StaticServer, StaticServer];
  project.provide('demoUrl', demo.url);
  project.provide('subpathUrl', subpath.url);
  project.provide('demoDir', builds[0]![0]);
  console.log(`[e2e] demo at ${demo.url}/, sub-path build at ${subpath.url}/`);

  return async () => {
    await Promise.all(servers.map((s) => s.close()));
  };
}
