import { createBrowserRouter, matchRoutes, redirect, type RouteObject } from 'react-router';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { withNamespaces } from '@/lib/i18n';
import { RootLayout } from './root-layout';
import { RouteError } from './routes/route-error';

/**
 * Every route of spec 1 §2 and spec 2 §2. Screens are split per route (`lazy`).
 * `handle.titleKey` names the screen for the document title.
 */
const screen = (
  titleKey: string,
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, 'lazy' | 'handle'> => ({
  handle: { titleKey },
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * The login guard around the L routes (require-auth.tsx, with the held screen's frame), loaded
 * with the first guarded screen: the open screens (the square, the about page) do without it.
 */
const guarded: Pick<RouteObject, 'lazy'> = {
  lazy: async () => ({ Component: (await import('./require-auth')).RequireAuth }),
};

/** Spec 1 §2: a URL containing to=vip opens the Vip screen with source promotion_page. */
export function toVipRedirect(url: URL): string | null {
  if (url.searchParams.get('to') !== 'vip') return null;
  return paths.dashboard.vip.getHref('promotion_page');
}

/**
 * A redirecting index loader that still honours to=vip (the deepest redirect wins) and keeps
 * the query, so a third-party login returning to `/?code&oauth&state` reaches the app.
 */
const redirectTo =
  (path: string) =>
  ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    return redirect(toVipRedirect(url) ?? path + url.search);
  };

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    loader: ({ request }) => {
      const target = toVipRedirect(new URL(request.url));
      if (target) throw redirect(target);
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.search !== nextUrl.search,
    children: [
      { index: true, loader: redirectTo(paths.dashboard.root.getHref()) },
      {
        path: 'dashboard',
        lazy: async () => ({
          Component: (await import('./layouts/dashboard-layout')).DashboardLayout,
        }),
        errorElement: <RouteError />,
        children: [
          { index: true, loader: redirectTo(paths.dashboard.novels.getHref()) },
          {
            path: 'square',
            errorElement: <RouteError />,
            ...screen(
              'nav.square',
              withNamespaces(
                ['square'],
                () => import('@/features/social/components/square-screen'),
              ),
            ),
          },
          {
            path: 'abouts',
            errorElement: <RouteError />,
            ...screen(
              'nav.abouts',
              withNamespaces(['abouts'], () => import('./routes/abouts')),
            ),
          },
          {
            ...guarded,
            errorElement: <RouteError />,
            children: [
              {
                path: 'feed',
                ...screen(
                  'nav.feed',
                  withNamespaces(
                    ['square', 'social'],
                    () => import('@/features/social/components/feed-screen'),
                  ),
                ),
              },
              {
                path: 'novels',
                ...screen(
                  'nav.novels',
                  withNamespaces(
                    ['stories'],
                    () => import('@/features/stories/components/novels-screen'),
                  ),
                ),
              },
              {
                path: 'novels/:nid',
                ...screen(
                  'screens.chapters',
                  withNamespaces(
                    ['stories'],
                    () => import('@/features/stories/components/chapters-screen'),
                  ),
                ),
              },
              {
                path: 'recycle',
                ...screen(
                  'nav.recycle',
                  withNamespaces(
                    ['stories'],
                    () => import('@/features/stories/components/recycle-screen'),
                  ),
                ),
              },
              {
                path: 'worlds',
                ...screen(
                  'nav.worlds',
                  withNamespaces(
                    ['worlds', 'media'],
                    () => import('@/features/worlds/components/worlds-screen'),
                  ),
                ),
              },
              {
                path: 'worlds/:unid',
                ...screen(
                  'screens.world',
                  withNamespaces(
                    ['worlds', 'media'],
                    () => import('@/features/worlds/components/world-editor-screen'),
                  ),
                ),
              },
              {
                path: 'exploration',
                ...screen(
                  'nav.exploration',
                  withNamespaces(
                    ['exploration'],
                    () => import('@/features/exploration/components/games-screen'),
                  ),
                ),
              },
              {
                path: 'vip',
                ...screen(
                  'nav.vip',
                  withNamespaces(
                    ['membership'],
                    () => import('@/features/membership/components/vip-screen'),
                  ),
                ),
              },
              {
                path: 'package',
                ...screen(
                  'nav.package',
                  withNamespaces(
                    ['membership'],
                    () => import('@/features/membership/components/package-screen'),
                  ),
                ),
              },
              {
                path: 'charge',
                ...screen(
                  'nav.charge',
                  withNamespaces(
                    ['charging'],
                    () => import('@/features/charging/components/charge-screen'),
                  ),
                ),
              },
            ],
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/page-layout')).PageLayout }),
        errorElement: <RouteError />,
        children: [
          {
            ...guarded,
            errorElement: <RouteError />,
            children: [
              {
                path: 'editor',
                ...screen(
                  'screens.editor',
                  withNamespaces(
                    ['writing'],
                    () => import('@/features/writing/editor/components/editor-screen'),
                  ),
                ),
              },
              {
                path: 'exploration',
                ...screen(
                  'screens.explorationDialogue',
                  withNamespaces(
                    ['exploration'],
                    () => import('@/features/exploration/components/exploration-screen'),
                  ),
                ),
              },
              {
                path: 'search',
                ...screen(
                  'screens.search',
                  withNamespaces(
                    ['social', 'square'],
                    () => import('@/features/social/components/search-screen'),
                  ),
                ),
              },
              {
                path: 'yjin/chat',
                ...screen(
                  'screens.chat',
                  withNamespaces(
                    ['exploration'],
                    () =>
                      import('@/features/exploration/components/one-to-one/character-chat-screen'),
                  ),
                ),
              },
            ],
          },
          {
            path: 'universe/:shareid',
            errorElement: <RouteError />,
            ...screen(
              'screens.universe',
              withNamespaces(
                ['worlds', 'media', 'social'],
                () => import('@/features/worlds/components/shared-world-screen'),
              ),
            ),
          },
          {
            path: 'story/:shareid',
            errorElement: <RouteError />,
            ...screen(
              'screens.story',
              withNamespaces(
                ['stories', 'social'],
                () => import('@/features/stories/components/shared-story-screen'),
              ),
            ),
          },
          {
            path: 'user/:uid',
            errorElement: <RouteError />,
            ...screen(
              'screens.user',
              withNamespaces(
                ['social', 'square'],
                () => import('@/features/social/components/user-screen'),
              ),
            ),
          },
          {
            path: 'history',
            errorElement: <RouteError />,
            ...screen(
              'screens.history',
              withNamespaces(
                ['events'],
                () => import('@/features/events/components/history-screen'),
              ),
            ),
          },
          {
            path: 'active',
            errorElement: <RouteError />,
            ...screen(
              'screens.active',
              withNamespaces(
                ['events'],
                () => import('@/features/events/components/active-screen'),
              ),
            ),
          },
          {
            path: 'm/download',
            errorElement: <RouteError />,
            ...screen(
              'screens.download',
              withNamespaces(
                ['download'],
                () => import('@/features/download/components/download-screen'),
              ),
            ),
          },
          { path: '*', ...screen('screens.notFound', () => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

const basename = () => env.basePath.replace(/\/$/, '') || '/';

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: basename() });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Starts loading the screens of a URL before the router exists, so their chunks download
 * while start-up still waits (translations, the backend, a session); the router's own `lazy`
 * calls then find the modules loaded.
 */
export function preloadRoute(pathname: string) {
  for (const match of matchRoutes(routes, pathname, basename()) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
}
