#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in one run, as CI runs it.
 * Contract lint → unit, integration, contract and story tests (Vitest, jsdom) ‖ type check ‖
 * lint ‖ format → end-to-end tests in Debian Chromium against the built demo (Vitest, node).
 * `‖`: side by side; the first step of a group prints as it runs, the others run at a lower
 * priority and their output is printed whole when the group ends, each with its own time.
 * Every step runs even when an earlier one fails; the last line sums up the test counts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const outDir = '.bench';
mkdirSync(outDir, { recursive: true });

const steps = [
  {
    name: 'contract lint',
    cmd: ['npx', 'redocly', 'lint', 'openapi/api.yaml', 'openapi/mock-admin.yaml'],
  },
  // The unit suite and the three static checks side by side (one `group`), the checks at a
  // lower priority: they take the CPU the unit suite's two workers leave idle while they wait,
  // and none of theirs. On a quiet 2-core machine the unit step took 148 s with the checks
  // niced beside it (they ended with it), 173 s with them at the same priority, and the
  // checks alone before it had taken 41 s (docs/performance.md). Beside the end-to-end step
  // instead they lengthened it by 22 s.
  {
    name: 'unit, integration, contract and story tests',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outDir}/unit.json`,
    ],
    report: `${outDir}/unit.json`,
    group: 'unit and static',
  },
  // TypeScript 7 (the native compiler) checks the types: 8 s where 5.9 took 32 s. 5.9 stays the
  // library that typescript-eslint, the API code generator and Storybook's docgen load.
  {
    name: 'type check',
    cmd: ['node', 'node_modules/typescript-7/bin/tsc', '--noEmit', '-p', '.'],
    group: 'unit and static',
  },
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'], group: 'unit and static' },
  { name: 'format', cmd: ['npx', 'prettier', '--check', '.'], group: 'unit and static' },
  // The end-to-end suite after them: beside the unit suite on 2 cores both ran slower than
  // one after the other (602 s against ~575 s on 28 Nov), and a loaded e2e run is the likelier
  // to flake.
  {
    name: 'end-to-end tests (Chromium)',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--config',
      'vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outDir}/e2e.json`,
    ],
    report: `${outDir}/e2e.json`,
  },
];

// A report left by an earlier run must not be counted for a step that wrote none.
for (const step of steps) if (step.report) rmSync(step.report, { force: true });

let passed = 0;
let failed = 0;
const failedSteps = [];
const started = Date.now();

const env = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' };

function settle(step, status, t0, ended = Date.now()) {
  const seconds = ((ended - t0) / 1000).toFixed(1);
  if (step.report && existsSync(step.report)) {
    try {
      const json = JSON.parse(readFileSync(step.report, 'utf8'));
      passed += json.numPassedTests ?? 0;
      failed += json.numFailedTests ?? 0;
    } catch {
      // An unreadable report means the runner itself broke; the exit status says so.
    }
  }
  if (status !== 0) {
    failedSteps.push(step.name);
    console.log(`✗ ${step.name} failed (${seconds} s)`);
  } else console.log(`✓ ${step.name} (${seconds} s)`);
}

const posix = process.platform !== 'win32';

/** The processes `pid` started, and theirs, from `ps` (POSIX). */
function descendants(pid) {
  const table = spawnSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout ?? '';
  const children = new Map();
  for (const line of table.split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (!child || !parent) continue;
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(child);
  }
  const found = [];
  for (let queue = [pid]; queue.length;) {
    const next = children.get(queue.shift()) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

/**
 * Runs a step: `result` resolves to its exit status, output and end time. A `live` step prints
 * as it goes (output then ''); any other is captured and, on POSIX, runs niced (`nice`,
 * inherited by what it starts), which `unnice()` puts back at the usual priority for it and
 * everything it started: once the group's first step has ended, what is left of the others
 * must not starve behind whatever else keeps the machine busy (beside two busy loops the
 * niced ESLint got a few percent of a core). The step stays in this script's session: Linux
 * weighs sessions against each other (autogroup), so a session of its own would undo `nice`.
 */
function run(step, live = false) {
  const niced = !live && posix;
  const cmd = niced ? ['nice', '-n', '15', ...step.cmd] : step.cmd;
  const child = spawn(cmd[0], cmd.slice(1), {
    env,
    stdio: live ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  });
  let running = true;
  const result = new Promise((resolve) => {
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', (e) => resolve({ status: 1, output: output + String(e), ended: Date.now() }));
    child.on('close', (code) => {
      running = false;
      resolve({ status: code ?? 1, output, ended: Date.now() });
    });
  });
  const unnice = () => {
    if (!niced || !running || !child.pid) return;
    const pids = [child.pid, ...descendants(child.pid)].map(String);
    // Lowering a niceness needs the right to (root on CI); elsewhere the step stays niced.
    spawnSync('renice', ['-n', '0', '-p', ...pids], { stdio: 'ignore' });
  };
  return { result, unnice };
}

for (let i = 0; i < steps.length;) {
  const step = steps[i];
  if (step.group) {
    const group = [];
    while (steps[i]?.group === step.group) group.push(steps[i++]);
    console.log(`\n━━ ${group.map((s) => s.name).join(' ‖ ')} (side by side) ━━`);
    console.log(`\n━━ ${step.name} ━━ ${step.cmd.join(' ')}`);
    const t0 = Date.now();
    const running = group.map((s, k) => run(s, k === 0));
    void running[0].result.then(() => running.forEach((r) => r.unnice()));
    for (const [k, s] of group.entries()) {
      const { status, output, ended } = await running[k].result;
      if (k > 0) console.log(`\n━━ ${s.name} ━━ ${s.cmd.join(' ')}`);
      if (output) process.stdout.write(output);
      settle(s, status, t0, ended);
    }
    continue;
  }
  i += 1;
  console.log(`\n━━ ${step.name} ━━ ${step.cmd.join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env });
  settle(step, r.status, t0);
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(
  `\n${failedSteps.length ? `failed steps: ${failedSteps.join(', ')}` : 'all steps passed'} in ${minutes} min`,
);
if (failedSteps.length && failed === 0) failed = failedSteps.length;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
