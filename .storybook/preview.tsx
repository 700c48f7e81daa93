import type { Loader, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import {
  globalTypes,
  initialGlobals,
  prepareStory,
  withAppProviders,
} from '@/testing/story-decorators';
import '@/styles/global.css';

/**
 * The in-browser mock backend of Storybook: the seeded handlers are always installed, and
 * `parameters.msw.handlers` of a story go in front of them (msw-storybook-addon resets to
 * these between stories). Vitest has no service worker; src/testing/run-stories.tsx puts
 * the same handlers on the Node server instead.
 */
async function startStorybookWorker() {
  const [{ setupWorker }, { handlers }, { isApiRequest }] = await Promise.all([
    import('msw/browser'),
    import('@mocks/handlers'),
    import('@mocks/api-paths'),
  ]);
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: new URL('mockServiceWorker.js', document.baseURI).pathname },
    quiet: true,
    onUnhandledRequest(request, print) {
      if (isApiRequest(request.url)) print.warning();
    },
  });
  return worker;
}

const mockServiceWorker = mswLoader(startStorybookWorker) as unknown as Loader;
const hasServiceWorker = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

// One loader, so the order is certain: handlers in place, then seed, scenarios, language.
const loadStory: Loader = async (context) => {
  if (hasServiceWorker()) await mockServiceWorker(context);
  return prepareStory(context);
};

const preview: Preview = {
  decorators: [withAppProviders],
  loaders: [loadStory],
  globalTypes,
  initialGlobals,
  parameters: {
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Every story must pass axe: the test runner (src/testing/run-stories.tsx) fails on violations.
    a11y: { test: 'error' },
  },
};

export default preview;
