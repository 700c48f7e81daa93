// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '@/demo/locales/en/dev.json';
import zh from '@/demo/locales/zh/dev.json';
import { SCENARIOS, SCENARIO_NAMES, parseScenarioParam } from './index';

/** QA finds scenarios in docs/scenarios.md and the mock panel: neither may miss one. */
const docs = readFileSync(
  fileURLToPath(new URL('../../docs/scenarios.md', import.meta.url)),
  'utf8',
);

describe('the scenario registry', () => {
  it.each(SCENARIO_NAMES)('%s has a row in docs/scenarios.md with its kind', (name) => {
    const row = docs.split('\n').find((line) => line.startsWith(`| \`${name}\` `));
    expect(row, `no row for ${name}`).toBeDefined();
    expect(row!.split('|')[2]!.trim()).toBe(SCENARIOS[name].kind);
  });

  it.each(SCENARIO_NAMES)('%s is described in the mock panel in zh and en', (name) => {
    const key = name as keyof typeof en.scenario;
    expect(en.scenario[key]).toBeTruthy();
    expect((zh.scenario as Record<string, string>)[name]).toBeTruthy();
  });

  it('documents no scenario the registry lacks', () => {
    const documented = [...docs.matchAll(/^\| `([a-z0-9-]+)` +\| (?:state|fault) /gm)].map(
      (m) => m[1],
    );
    expect(documented.sort()).toEqual([...SCENARIO_NAMES].sort());
  });

  it('reports unknown names in ?scenario= instead of dropping them', () => {
    expect(parseScenarioParam('signed-in, code-wrong,nope,,signed-in')).toEqual({
      names: ['signed-in', 'code-wrong'],
      unknown: ['nope'],
    });
  });
});
