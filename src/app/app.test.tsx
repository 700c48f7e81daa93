import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Provider } from 'react-redux';
import { http } from 'msw';
import { server } from '@mocks/server';
import { isApiRequest } from '@mocks/api-paths';
import { networkDown, serverError } from '@mocks/scenarios';
import { signedIn } from '@mocks/scenarios/session';
import { changeLanguage } from '@/lib/i18n';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import { getCookie } from '@/lib/cookie';
import { CHAT_RETURN_COOKIE } from '@/config/paths';
import { env } from '@/config/env';
import { credentialsReceived } from '@/core/session-slice';
import { App } from './app';
import { routes } from './router';
import { testStore } from '@/testing/test-store';
import { installManualClock } from '@/testing/manual-clock';

async function renderRoute(path: string, { signIn = false } = {}) {
  const store = testStore();
  if (signIn) {
    const s = await signedIn();
    store.dispatch(
      credentialsReceived({
        uid: s.uid,
        access_token: s.accessToken,
        refresh_token: s.refreshToken,
      }),
    );
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, user: userEvent.setup(), ...view };
}

describe('app shell routes', () => {
  it('/ redirects to /dashboard/novels and, logged out, asks to log in', async () => {
    const { router } = await renderRoute('/');
    await screen.findByRole('heading', { name: '登录后继续' });
    expect(router.state.location.pathname).toBe('/dashboard/novels');
    expect(await screen.findByRole('dialog', { name: '登录墨境' })).toBeInTheDocument();
  });

  it('lets anonymous visitors see the square and the about page without a login prompt', async () => {
    await renderRoute('/dashboard/abouts');
    await screen.findByRole('heading', { name: '关于墨境' });
    await renderRoute('/dashboard/square');
    expect(await screen.findAllByRole('heading', { name: '广场' })).not.toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a logged-out chat visitor to Novels, keeps the path for 5 minutes and opens the login', async () => {
    const { router } = await renderRoute('/yjin/chat');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/novels'));
    expect(getCookie(CHAT_RETURN_COOKIE)).toBe('/yjin/chat');
    expect(await screen.findByRole('dialog', { name: '登录墨境' })).toBeInTheDocument();
  });

  it('restores the kept chat path after login', async () => {
    const { router, store } = await renderRoute('/yjin/chat');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/novels'));
    const s = await signedIn();
    act(() => {
      store.dispatch(
        credentialsReceived({
          uid: s.uid,
          access_token: s.accessToken,
          refresh_token: s.refreshToken,
        }),
      );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/yjin/chat'));
    expect(getCookie(CHAT_RETURN_COOKIE)).toBeNull();
  });

  it('opens the Vip screen with source promotion_page for to=vip', async () => {
    const { router } = await renderRoute('/dashboard/square?to=vip');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/vip'));
    expect(router.state.location.search).toBe('?source=promotion_page');
  });

  it('honours to=vip on the redirecting paths / and /dashboard too', async () => {
    for (const start of ['/?to=vip', '/dashboard?to=vip']) {
      const { router, unmount } = await renderRoute(start);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/vip'));
      expect(router.state.location.search).toBe('?source=promotion_page');
      unmount();
    }
  });

  it('shows the not-found page for unknown routes', async () => {
    await renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument();
  });

  it('renders guarded screens for a signed-in user, with the account menu', async () => {
    await renderRoute('/dashboard/worlds', { signIn: true });
    expect(await screen.findByRole('heading', { name: '我的世界' })).toBeInTheDocument();
    const account = await screen.findByRole('button', { name: /账户菜单/ });
    await waitFor(() => expect(account).toHaveTextContent('墨染青衣'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renders the router it is given: the entry makes it in a task before the first render', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/dashboard/abouts'] });
    render(<App store={testStore()} router={router} />);
    expect(await screen.findByRole('heading', { name: '关于墨境' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/abouts');
  });

  it('toggles and persists the theme', async () => {
    const { user } = await renderRoute('/dashboard/abouts');
    const toggle = await screen.findByRole('button', { name: '深色模式' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(storage.get(STORAGE_KEYS.theme)).toBe('dark');
  });

  it('switches the language and remembers it', async () => {
    const { user } = await renderRoute('/dashboard/abouts');
    await user.selectOptions(await screen.findByRole('combobox', { name: '界面语言' }), 'en');
    expect(await screen.findByRole('heading', { name: 'About Inkworld' })).toBeInTheDocument();
    expect(storage.get(STORAGE_KEYS.lang)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await act(() => changeLanguage('zh'));
  });

  it('shows the connectivity message, not a blank page, when the network is down', async () => {
    server.use(...networkDown());
    await renderRoute('/dashboard/worlds', { signIn: true });
    expect(await screen.findByRole('heading', { name: '我的世界' })).toBeInTheDocument();
    await expectConnectivityNotice();
  });

  it('a 500 says the service failed, with its error id, never the network', async () => {
    server.use(...serverError());
    await renderRoute('/dashboard/worlds', { signIn: true });
    await expectNotice(/服务出错了，请稍后重试（错误编号：err_\w+）/);
    expect(screen.getByRole('heading', { name: '我的世界' })).toBeInTheDocument();
    const texts = screen.getAllByRole('alert').map((a) => a.textContent ?? '');
    expect(texts.some((t) => t.includes('网络连接失败'))).toBe(false);
  });

  it('gives up after 5000 ms with the timeout message', async () => {
    // The app's clock starts at the real now: the mock backend's tokens keep the real clock.
    const manual = installManualClock(Date.now());
    const atServer = hangingApi();
    await renderRoute('/dashboard/worlds', { signIn: true });
    // The list's call is on its way, its timeout running on the manual clock.
    await waitFor(() => atServer);
    await manual.advance(env.requestTimeoutMs - 1);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    await manual.advance(1);
    // The timeout's toast, beside the list's own retry block.
    await expectNotice('请求超时，请稍后重试');
  });
});

/**
 * Every API call goes unanswered until the client gives up on it (aborts it). Resolves when
 * the first call has reached the server.
 */
function hangingApi(): Promise<void> {
  return new Promise((reached) => {
    server.use(
      http.all('*', async ({ request }) => {
        if (!isApiRequest(request.url)) return undefined;
        reached();
        await new Promise<void>((aborted) => {
          if (request.signal.aborted) aborted();
          else request.signal.addEventListener('abort', () => aborted(), { once: true });
        });
        return undefined;
      }),
    );
  });
}

/** The failed list says so twice: the failure's toast and the list's own retry block. */
async function expectNotice(text: RegExp | string) {
  await waitFor(() => {
    const texts = screen.getAllByRole('alert').map((a) => a.textContent ?? '');
    expect(texts.some((t) => (typeof text === 'string' ? t.includes(text) : text.test(t)))).toBe(
      true,
    );
  });
  expect(await screen.findByRole('button', { name: /重试/ })).toBeInTheDocument();
}

const expectConnectivityNotice = () => expectNotice('网络连接失败，请检查网络后重试');
