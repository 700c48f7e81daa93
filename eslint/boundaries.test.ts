// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The boundary rule on planted files, through the project's own ESLint config. */
const eslint = new ESLint({ cwd: process.cwd() });

async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/imports').map((m) => m.message);
}

describe('import boundaries (eslint/boundaries.js)', () => {
  it('the client cannot reach the backend, by alias or by relative path', async () => {
    expect(
      await violations(
        'src/features/stories/model/planted.ts',
        "import { db } from '@mocks/db';\n",
      ),
    ).toHaveLength(1);
    expect(
      await violations('src/api/planted.ts', "export { db } from '../../mocks/db';\n"),
    ).toHaveLength(1);
    expect(
      await violations('src/app/planted.ts', "void import('../../mocks/backend');\n"),
    ).toHaveLength(1);
  });

  it('the backend imports only itself, the contract types and the shared rules', async () => {
    expect(
      await violations('mocks/handlers/planted.ts', "import { env } from '@/config/env';\n"),
    ).toHaveLength(1);
    expect(
      await violations('mocks/planted.ts', "import { useState } from 'react';\n"),
    ).toHaveLength(1);
    expect(
      await violations(
        'mocks/planted.ts',
        "import { countText } from '@/rules/text-count';\nimport type { paths } from '@/api/schema.gen';\nimport { db } from './db';\n",
      ),
    ).toEqual([]);
  });

  it('the demo entry, tests and stories may use the backend', async () => {
    const code = "import { db } from '@mocks/db';\n";
    expect(await violations('src/demo/planted.ts', code)).toEqual([]);
    expect(await violations('src/features/stories/planted.test.ts', code)).toEqual([]);
    expect(await violations('src/features/stories/planted.stories.tsx', code)).toEqual([]);
  });

  it('shared rules stay pure', async () => {
    expect(
      await violations('src/rules/planted.ts', "import { storage } from '@/lib/storage';\n"),
    ).toHaveLength(1);
  });
});
