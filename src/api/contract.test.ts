// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveErrorMessage } from './error-messages';
// The tag modules register what their codes mean: every one of them, so a new tag's codes
// are checked as soon as its module exists.
import.meta.glob('./*/index.ts', { eager: true });

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const contractPath = 'openapi/api.yaml';
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
  'x-documented'?: unknown;
  'x-inferred'?: unknown;
  'x-error-codes'?: unknown;
}
interface Contract {
  tags?: { name: string }[];
  paths: Record<string, Partial<Record<(typeof methods)[number], Operation>>>;
}

let outDir = '';
let contract: Contract;

/** The contract as JSON, bundled by the Redocly CLI (a dev dependency; no YAML parser needed). */
async function bundleContract(): Promise<Contract> {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('@redocly/cli/package.json');
  const pkg = JSON.parse(await readFile(pkgPath, 'utf8')) as { bin: Record<string, string> };
  const cli = path.join(path.dirname(pkgPath), pkg.bin.redocly!);
  const { stdout } = await run(process.execPath, [cli, 'bundle', contractPath, '--ext', 'json'], {
    cwd: repoRoot,
    maxBuffer: 32 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Contract;
}

/** The generated sources: the client's (src/api) and the mock backend's route table (mocks). */
async function listGenerated(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const dir of ['src/api', 'mocks']) {
    const entries = await readdir(path.join(root, dir), { recursive: true });
    for (const file of entries)
      if (/\.gen\.(d\.)?ts$/.test(file))
        found.push(path.posix.join(dir, file.split(path.sep).join('/')));
  }
  return found.sort();
}

function operations() {
  return Object.entries(contract.paths).flatMap(([route, item]) =>
    methods.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ label: `${method.toUpperCase()} ${route}`, operation }] : [];
    }),
  );
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'api-gen-'));
  [contract] = await Promise.all([
    bundleContract(),
    run(process.execPath, ['scripts/api-gen.mjs', '--out', outDir], { cwd: repoRoot }),
  ]);
}, 60_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('generated API files', () => {
  it('are committed exactly as `npm run api:gen` writes them', async () => {
    const fresh = await listGenerated(outDir);
    expect(fresh.length).toBeGreaterThan(0);
    // A tag removed from the contract must not leave a stale generated file behind.
    expect(await listGenerated(repoRoot), 'run `npm run api:gen`').toEqual(fresh);

    const stale: string[] = [];
    for (const file of fresh) {
      const [expected, actual] = await Promise.all([
        readFile(path.join(outDir, file), 'utf8'),
        readFile(path.join(repoRoot, file), 'utf8'),
      ]);
      if (actual !== expected) stale.push(file);
    }
    expect(stale, 'stale generated files: run `npm run api:gen`').toEqual([]);
  });
});

describe('the contract', () => {
  it('has operations', () => {
    expect(operations().length).toBeGreaterThan(0);
  });

  it('marks every operation as documented or inferred', () => {
    const unmarked = operations()
      .filter(
        ({ operation }) => operation['x-documented'] !== true && operation['x-inferred'] !== true,
      )
      .map(({ label }) => label);
    expect(unmarked).toEqual([]);
  });

  it('gives every operation a unique camelCase operationId, a summary and a declared tag', () => {
    const declaredTags = new Set((contract.tags ?? []).map((tag) => tag.name));
    const seen = new Set<string>();
    for (const { label, operation } of operations()) {
      const id = operation.operationId;
      expect(id, label).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(seen.has(id!), `${label}: duplicate operationId ${id}`).toBe(false);
      seen.add(id!);
      expect(operation.summary, label).toBeTruthy();
      expect(operation.tags?.length, label).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(declaredTags, label).toContain(tag);
    }
  });

  it('lists error codes as integers, each described and answerable with its HTTP status', () => {
    for (const { label, operation } of operations()) {
      const codes = operation['x-error-codes'];
      expect(Array.isArray(codes), `${label}: x-error-codes must be a list`).toBe(true);
      const statuses = Object.keys(operation.responses ?? {});
      for (const code of codes as unknown[]) {
        expect(Number.isInteger(code), `${label}: ${String(code)} is not an integer`).toBe(true);
        // 42203 -> 422: the first three digits are the HTTP status of the error answer.
        const status = String(code).slice(0, 3);
        const answerable = statuses.includes(status) || statuses.includes(`${status[0]}XX`);
        expect(answerable, `${label}: no ${status} response for ${String(code)}`).toBe(true);
        expect(operation.description ?? '', `${label}: ${String(code)} not described`).toContain(
          String(code),
        );
      }
    }
  });
});

describe('error codes of the contract', () => {
  async function localeKeys(lang: string): Promise<Set<string>> {
    const keys = new Set<string>();
    const dir = path.join(repoRoot, 'src/locales', lang);
    for (const file of await readdir(dir)) {
      const ns = file.replace(/\.json$/, '');
      const walk = (obj: Record<string, unknown>, prefix: string) => {
        for (const [k, v] of Object.entries(obj)) {
          const key = prefix ? `${prefix}.${k}` : k;
          if (v && typeof v === 'object') walk(v as Record<string, unknown>, key);
          else keys.add(`${ns}:${key}`);
        }
      };
      walk(JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Record<string, unknown>, '');
    }
    return keys;
  }

  it('every listed code resolves to a translated message for its operation, in zh and en', async () => {
    const [zh, en] = await Promise.all([localeKeys('zh'), localeKeys('en')]);
    const missing: string[] = [];
    for (const { label, operation } of operations()) {
      const codes = (operation['x-error-codes'] as number[] | undefined) ?? [];
      for (const code of codes) {
        const status = Math.floor(code / 100);
        const resolved = resolveErrorMessage(operation.operationId!, {
          status,
          code,
          serverMessage: 'server text',
          kind: status === 401 ? 'auth' : 'client',
        });
        if (
          !resolved.key ||
          resolved.key === 'errors:generic' ||
          !zh.has(resolved.key) ||
          !en.has(resolved.key)
        ) {
          missing.push(`${label} ${code} → ${resolved.key ?? 'server text'}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
