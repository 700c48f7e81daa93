import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { composeStories, setProjectAnnotations, type composeStory } from '@storybook/react-vite';
import * as a11yAnnotations from '@storybook/addon-a11y/preview';
import type { RequestHandler } from 'msw';
import { server } from '@mocks/server';
import preview from '../../.storybook/preview';
import type { AppStoryParameters } from './story-decorators';
import { filesOfShard } from './story-shards';

/**
 * Every story in the repository, rendered as Storybook would, in shards
 * (`stories-<n>.test.tsx`, each a file of its own so Vitest's two workers share them; one file
 * of 470 stories was the suite's longest by far and ran alone at its end): the preview's loaders and
 * decorators, the story's `parameters.msw.handlers` on the Node MSW server (Storybook puts
 * them on the service worker), its `play` function, and the a11y addon's axe check, which
 * fails the story on any violation (`parameters.a11y.test: 'error'`).
 */
const annotations = setProjectAnnotations([
  a11yAnnotations,
  preview,
  // Render through Testing Library so the setup file's cleanup() unmounts each story.
  { testingLibraryRender: render },
  // jsdom has no layout or canvas: contrast and label-in-name (icon ligatures are measured on a
  // canvas) cannot be checked here, only in Storybook's browser panel.
  {
    parameters: {
      a11y: {
        // Only violations fail a story: axe need not collect every passing node (its own
        // advice for speed; the rules checked are the same).
        options: { resultTypes: ['violations'] },
        config: {
          rules: [
            { id: 'color-contrast', enabled: false },
            { id: 'label-content-name-mismatch', enabled: false },
          ],
        },
      },
    },
  },
]);

type StoryModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;
/** Loaders of every story file, by path; a shard imports only its own. */
const storyLoaders = import.meta.glob<StoryModule>('../**/*.stories.tsx');

type MswParameter =
  | RequestHandler[]
  | { handlers?: RequestHandler[] | Record<string, RequestHandler | RequestHandler[]> };

/** The same reading of `parameters.msw` as msw-storybook-addon's loader. */
function storyHandlers(parameter: MswParameter | undefined): RequestHandler[] {
  if (!parameter) return [];
  if (Array.isArray(parameter)) return parameter;
  const { handlers } = parameter;
  if (!handlers) return [];
  return (Array.isArray(handlers) ? handlers : Object.values(handlers)).flat().filter(Boolean);
}

/** What the story put on the page: the canvas and its portals (dialogs), not the addon's own nodes. */
function renderedNodes(): Element[] {
  return [...document.body.children].filter((el) => el.id !== 'storybook-a11y-vision-filters');
}

function isEmpty(nodes: Element[]): boolean {
  const text = nodes
    .map((n) => n.textContent ?? '')
    .join('')
    .trim();
  const visible = nodes.some((n) =>
    n.querySelector('svg, img, input, button, select, textarea, [role]:not(:empty)'),
  );
  return text === '' && !visible;
}

interface A11yReport {
  type: string;
  status: string;
  result?: {
    violations?: { id: string; help: string; nodes: { target: unknown }[] }[];
    error?: unknown;
  };
}

function describeViolations(reports: A11yReport[]): string {
  const lines = reports.flatMap((r) =>
    r.result?.error
      ? [`axe failed to run: ${String(r.result.error)}`]
      : (r.result?.violations ?? []).map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`,
        ),
  );
  // A failed report without details still fails the story.
  return lines.length ? lines.join('\n') : reports.length ? 'a11y check failed' : '';
}

const unhandled: string[] = [];
const onUnhandled = ({ request }: { request: Request }) => {
  unhandled.push(`${request.method} ${request.url}`);
};

/** Registers the tests of one shard: call it at the top level of a test file, and await it. */
export async function runStoryShard(shard: number): Promise<void> {
  const weights = Object.fromEntries(
    Object.keys(storyLoaders).map((file) => [file, statSync(new URL(file, import.meta.url)).size]),
  );
  const files = filesOfShard(weights, shard);
  const modules = await Promise.all(files.map((file) => storyLoaders[file]!()));

  beforeAll(async () => {
    await annotations.beforeAll?.();
    server.events.on('request:unhandled', onUnhandled);
  });

  afterAll(() => {
    server.events.removeListener('request:unhandled', onUnhandled);
  });

  it('finds the story files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const [k, file] of files.entries()) registerStoryFile(file, modules[k]!);
}

function registerStoryFile(file: string, module: StoryModule) {
  describe(file.replace(/^\.\.\//, 'src/'), () => {
    const stories = Object.entries(composeStories(module)) as [string, ComposedStory][];
    it('exports at least one story', () => {
      expect(stories.length).toBeGreaterThan(0);
    });

    for (const [name, Story] of stories) {
      it(name, async () => {
        unhandled.length = 0;
        const parameters = Story.parameters as AppStoryParameters & { msw?: MswParameter };
        const handlers = storyHandlers(parameters.msw);
        if (handlers.length) server.use(...handlers);

        // Loaders, decorators, render, play and the a11y check; any throw fails the story.
        await Story.run();

        const nodes = renderedNodes();
        if (parameters.expectEmpty)
          expect(isEmpty(nodes), 'story declares expectEmpty but rendered something').toBe(true);
        else expect(isEmpty(nodes), 'story rendered nothing').toBe(false);

        const a11y = (Story.reporting.reports as A11yReport[]).filter((r) => r.type === 'a11y');
        expect(a11y.length, 'the a11y addon did not run').toBeGreaterThan(0);
        expect(
          describeViolations(a11y.filter((r) => r.status === 'failed')),
          'accessibility violations',
        ).toBe('');

        expect(unhandled, 'requests no handler answered').toEqual([]);
      });
    }
  });
}
