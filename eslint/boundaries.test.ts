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

  it('features never import each other, by alias, relative path, dynamic import or type', async () => {
    const from = 'src/features/worlds/components/planted.tsx';
    expect(
      await violations(
        from,
        "import { NovelsScreen } from '@/features/stories/components/novels-screen';\n",
      ),
    ).toHaveLength(1);
    expect(
      await violations(from, "import { LoginDialog } from '../../auth/components/login-dialog';\n"),
    ).toHaveLength(1);
    expect(
      await violations(from, "void import('../../writing/editor/components/editor-screen');\n"),
    ).toHaveLength(1);
    expect(
      await violations(
        from,
        "export type X = import('@/features/profile/model/nickname').Nickname;\n",
      ),
    ).toHaveLength(1);
    // A feature added tomorrow is covered without touching the rule.
    expect(
      await violations(
        'src/features/planted-new/model/x.ts',
        "import '@/features/worlds/model/world';\n",
      ),
    ).toHaveLength(1);
    // Its own files, by alias or relative path, are fine.
    expect(
      await violations(
        from,
        "import { a } from '@/features/worlds/model/world';\nimport { b } from '../model/world';\n",
      ),
    ).toEqual([]);
  });

  it('features, their stories and fixtures do not import src/app', async () => {
    const code = "import { useAppSelector } from '@/app/hooks';\n";
    expect(await violations('src/features/writing/editor/planted.tsx', code)).toHaveLength(1);
    expect(await violations('src/features/auth/components/planted.stories.tsx', code)).toHaveLength(
      1,
    );
    expect(
      await violations(
        'src/features/auth/components/planted.tsx',
        "import { store } from '../../../app/store';\n",
      ),
    ).toHaveLength(1);
    // What stories need comes from src/testing (which, test-only, may use the app).
    const testing = "import { withStore } from '@/testing/story-decorators';\n";
    expect(await violations('src/features/auth/components/planted.stories.tsx', testing)).toEqual(
      [],
    );
    expect(await violations('src/testing/planted.tsx', code)).toEqual([]);
    // A route-level test may render the whole app.
    expect(await violations('src/features/auth/components/planted.test.tsx', code)).toEqual([]);
  });

  it('shared code imports neither features nor the app', async () => {
    for (const dir of ['api', 'components/ui', 'config', 'lib', 'rules', 'locales', 'session'])
      expect(
        await violations(
          `src/${dir}/planted.ts`,
          "import { x } from '@/features/auth/model/login';\n",
        ),
        dir,
      ).not.toEqual([]);
    expect(
      await violations(
        'src/components/media/planted.ts',
        "import { routes } from '../../app/router';\n",
      ),
    ).toHaveLength(1);
    expect(
      await violations('src/session/planted.ts', "import { setupStore } from '@/app/store';\n"),
    ).toHaveLength(1);
    // Shared stories too: a story shows the component, not a feature.
    expect(
      await violations(
        'src/components/ui/dialog/planted.stories.tsx',
        "import { LoginDialog } from '@/features/auth/components/login-dialog';\n",
      ),
    ).toHaveLength(1);
    // The app composes everything.
    expect(
      await violations(
        'src/app/planted.tsx',
        "import { a } from '@/features/auth/model/login';\nimport { b } from '@/session/token';\nimport { c } from '@/lib/storage';\n",
      ),
    ).toEqual([]);
  });

  it('src/lib holds leaf utilities: no api, session, components, features or app', async () => {
    const from = 'src/lib/planted.ts';
    for (const code of [
      "import { baseApi } from '@/api/base-api';\n",
      "import { x } from '../api/upload';\n",
      "import { selectUid } from '@/core/session-slice';\n",
      "import { token } from '@/session/token';\n",
      "import { Dialog } from '@/components/ui/dialog/dialog';\n",
      "export { x } from '../features/auth/model/login';\n",
      "import { store } from '@/app/store';\n",
    ])
      expect(await violations(from, code), code).toHaveLength(1);
    expect(
      await violations(
        'src/lib/theme/planted.ts',
        "import { storage } from '../storage';\nimport { env } from '@/config/env';\nimport { countText } from '@/rules/text-count';\n",
      ),
    ).toEqual([]);
    // The rest of the shared layer may use the api.
    expect(
      await violations(
        'src/components/media/upload/planted.ts',
        "import { uploadApi } from '@/api/upload';\n",
      ),
    ).toEqual([]);
  });

  it('the HTTP stack has no upward arrows: core below api below session, none shows UI', async () => {
    const refused = [
      ['src/core/planted.ts', "import { baseApi } from '@/api/base-api';\n"],
      ['src/core/planted.ts', "import { logOut } from '@/session/logout';\n"],
      ['src/core/planted.ts', "import { toastShown } from '@/components/ui/toast/toast-slice';\n"],
      ['src/api/planted.ts', "import { logOut } from '@/session/logout';\n"],
      ['src/api/planted.ts', "import { openDialog } from '@/components/ui/dialog/dialog-store';\n"],
      [
        'src/session/planted.ts',
        "import { openDialog } from '@/components/ui/dialog/dialog-store';\n",
      ],
      ['src/session/planted.ts', "import { x } from '../components/ui/toast/toast-slice';\n"],
    ] as const;
    for (const [from, code] of refused)
      expect(await violations(from, code), `${from}: ${code}`).toHaveLength(1);
    // Downward arrows are the point of the order.
    expect(
      await violations(
        'src/session/planted.ts',
        "import { baseApi } from '@/api/base-api';\nimport { sessionEnded } from '@/core/session-slice';\n",
      ),
    ).toEqual([]);
    expect(
      await violations(
        'src/api/planted.ts',
        "import { callWithSession } from '@/core/authorised-call';\nimport { env } from '@/config/env';\n",
      ),
    ).toEqual([]);
    expect(
      await violations(
        'src/core/planted.ts',
        "import { env } from '@/config/env';\nimport { timedFetch } from '@/lib/timed-fetch';\n",
      ),
    ).toEqual([]);
  });

  it('the app ships without the demo and test code', async () => {
    expect(
      await violations('src/lib/planted.ts', "import dev from '@/demo/locales/en/dev.json';\n"),
    ).toHaveLength(1);
    expect(
      await violations(
        'src/lib/planted.ts',
        "const bundles = import.meta.glob(['../demo/locales/*/*.json', '!../x']);\n",
      ),
    ).toHaveLength(1);
    expect(
      await violations(
        'src/features/stories/components/planted.tsx',
        "import { AUTHOR_STORY } from './seed.fixtures';\n",
      ),
    ).toHaveLength(1);
    expect(
      await violations(
        'src/app/planted.tsx',
        "import { renderWithProviders } from '@/testing/render';\n",
      ),
    ).toHaveLength(1);
    expect(
      await violations(
        'src/lib/planted.ts',
        "const bundles = import.meta.glob('../locales/*/*.json');\n",
      ),
    ).toEqual([]);
    // The demo uses shared code and the backend's admin client, never the app.
    expect(
      await violations(
        'src/demo/planted.ts',
        "import { storage } from '@/lib/storage';\nimport { createAdminClient } from '@mocks/admin-client';\n",
      ),
    ).toEqual([]);
    expect(
      await violations('src/demo/planted.ts', "import { setupStore } from '@/app/store';\n"),
    ).toHaveLength(1);
  });

  it('faker and the seed generator that uses it stay out of shipped code', async () => {
    const faker = "import { faker } from '@faker-js/faker';\n";
    expect(await violations('mocks/handlers/planted.ts', faker)).toHaveLength(1);
    expect(await violations('src/lib/planted.ts', faker)).toHaveLength(1);
    expect(
      await violations('mocks/planted.ts', "import { buildSeed } from './factories';\n"),
    ).toHaveLength(1);
    expect(await violations('mocks/factories.ts', faker)).toEqual([]);
    expect(
      await violations('mocks/planted.test.ts', "import { buildSeed } from './factories';\n"),
    ).toEqual([]);
  });
});
