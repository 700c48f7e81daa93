#!/usr/bin/env node
/**
 * `npm run test:stress`: runs the tests several times, optionally beside CPU busy loops, and
 * prints how often each test failed, so a flaky test is found here rather than by CI.
 *
 *   npm run test:stress -- [--runs=N] [--busy=K] [--shuffle] [--unit] [--e2e] [filters…]
 *
 * --runs   how many times (default 3); --busy  how many busy loops beside them (default 0,
 * CI's loaded machine is about 2); --unit / --e2e  only that suite (default both); anything
 * else is passed to Vitest (file filters, `-t name`). --shuffle deals the unit files in a
 * different order each run (seed = the run's number, printed), as Vitest's results cache or a
 * new file would: files share a worker (isolate: false), so a test that depends on what ran
 * before it in its worker fails here; `npx vitest run --sequence.shuffle.files
 * --sequence.seed=N` replays that order. Exits 1 when any test failed once.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const hit = argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.slice(name.length + 3)) : fallback;
};
const runs = Math.max(1, option('runs', 3));
const busy = Math.max(0, option('busy', 0));
const shuffle = argv.includes('--shuffle');
const only = ['--unit', '--e2e'].filter((f) => argv.includes(f));
const filters = argv.filter(
  (a) =>
    !a.startsWith('--runs=') && !a.startsWith('--busy=') && a !== '--shuffle' && !only.includes(a),
);
const suites = [
  { name: 'unit', args: [] },
  { name: 'e2e', args: ['--config', 'vitest.e2e.config.ts'] },
].filter((s) => only.length === 0 || only.includes(`--${s.name}`));

const outDir = resolve('.bench/stress');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const loops = Array.from({ length: busy }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopLoops = () => loops.forEach((l) => l.kill('SIGKILL'));
process.on('exit', stopLoops);
process.on('SIGINT', () => process.exit(130));

/** test id → { runs, failures, messages } */
const results = new Map();
const started = Date.now();
let builtOnce = false;
for (let run = 1; run <= runs; run++) {
  for (const suite of suites) {
    const report = resolve(outDir, `${suite.name}-${run}.json`);
    const t0 = Date.now();
    // The e2e suite builds the demo once; later runs reuse that build.
    const env = {
      ...process.env,
      ...(suite.name === 'e2e' && builtOnce ? { E2E_SKIP_BUILD: '1' } : {}),
    };
    const r = spawnSync(
      'npx',
      [
        'vitest',
        'run',
        ...suite.args,
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...(shuffle && suite.name === 'unit'
          ? ['--sequence.shuffle.files', `--sequence.seed=${run}`]
          : []),
        ...filters,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], env },
    );
    if (suite.name === 'e2e') builtOnce = true;
    let json;
    try {
      json = JSON.parse(readFileSync(report, 'utf8'));
    } catch {
      console.log(`run ${run} ${suite.name}: no report (exit ${r.status})`);
      continue;
    }
    let failedHere = 0;
    for (const file of json.testResults ?? []) {
      const path = file.name.replace(`${process.cwd()}/`, '');
      for (const test of file.assertionResults ?? []) {
        const id = `${path} › ${test.fullName}`;
        const entry = results.get(id) ?? { runs: 0, failures: 0, messages: [] };
        entry.runs += 1;
        if (test.status === 'failed') {
          entry.failures += 1;
          failedHere += 1;
          entry.messages.push(`run ${run}: ${(test.failureMessages?.[0] ?? '').split('\n')[0]}`);
        }
        results.set(id, entry);
      }
      // A file that failed to load has no tests to count: it counts as one failure.
      if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
        const id = `${path} › (file)`;
        const entry = results.get(id) ?? { runs: 0, failures: 0, messages: [] };
        entry.runs += 1;
        entry.failures += 1;
        failedHere += 1;
        entry.messages.push(`run ${run}: ${(file.message ?? '').split('\n')[0]}`);
        results.set(id, entry);
      }
    }
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(
      `run ${run}/${runs} ${suite.name}: ${json.numPassedTests} passed, ${failedHere} failed in ${seconds} s` +
        (shuffle && suite.name === 'unit' ? ` (files shuffled, seed ${run})` : '') +
        (busy ? ` (beside ${busy} busy loop${busy > 1 ? 's' : ''})` : ''),
    );
  }
}
stopLoops();

const flaky = [...results.entries()]
  .filter(([, e]) => e.failures > 0)
  .sort((a, b) => b[1].failures - a[1].failures);
console.log(
  `\n${runs} run(s) in ${((Date.now() - started) / 60000).toFixed(1)} min: ${results.size} tests, ` +
    `${flaky.length} failed at least once`,
);
for (const [id, e] of flaky) {
  console.log(`  ${e.failures}/${e.runs}  ${id}`);
  for (const m of e.messages) console.log(`        ${m.slice(0, 200)}`);
}
process.exit(flaky.length ? 1 : 0);
