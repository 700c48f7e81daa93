import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@mocks/server';
import { signedIn } from '@mocks/scenarios';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { closeDialog, dialogStore } from '@/components/ui/dialog/dialog-store';
import { credentialsReceived } from '@/core/session-slice';
import { offContract } from '@/testing/contract-guard';
import { renderWithProviders, signedInState } from '@/testing/render';
import type { AppStore } from '@/app/store';
import { FollowButton, type FollowButtonProps } from './follow-button';
import type { FollowPlace } from './follow-machine';

const OFFICIAL = { _id: 'u_official', name: '墨境官方', avatar: '', is_official: true };
const rel = (is_follower: boolean, is_following: boolean) => ({ is_follower, is_following });
const FOLLOWERS = '/api/v2/users/:uid/followers';

function renderButton(
  props: Partial<FollowButtonProps> = {},
  preloadedState?: Awaited<ReturnType<typeof signedInState>>,
) {
  return renderWithProviders(
    <FollowButton user={OFFICIAL} relation={rel(false, false)} {...props} />,
    { preloadedState },
  );
}

const toastOf = (store: AppStore) => store.getState().toast.current;

/** Requests to the follow endpoint, as `METHOD uid`. */
function watchFollowCalls() {
  const calls: string[] = [];
  const onStart = ({ request }: { request: Request }) => {
    const m = /\/api\/v2\/users\/([^/]+)\/followers$/.exec(new URL(request.url).pathname);
    if (m?.[1]) calls.push(`${request.method} ${decodeURIComponent(m[1])}`);
  };
  server.events.on('request:start', onStart);
  return calls;
}

afterEach(() => {
  server.events.removeAllListeners('request:start');
  vi.useRealTimers();
});

describe('FollowButton states (spec 1 §4)', () => {
  it.each([
    [rel(true, true), 'mutual', '互相关注'],
    [rel(false, true), 'following', '已关注'],
    [rel(true, false), 'followedBy', '回关'],
    [rel(false, false), 'none', '关注'],
  ])('%o shows state %s, "%s"', (relation, state, label) => {
    renderButton({ relation });
    const button = screen.getByRole('button', { name: `${label}：墨境官方` });
    expect(button).toHaveTextContent(label);
    expect(button).toHaveAttribute('data-state', state);
  });

  it('is hidden on my own avatar', async () => {
    const state = await signedInState();
    renderButton({ user: { ...OFFICIAL, _id: AUTHOR_UID } }, state);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('takes fresh data from its parent, but not a re-render with the same data', async () => {
    const state = await signedInState();
    const { rerender, user } = renderButton({ relation: rel(false, true) }, state);
    rerender(<FollowButton user={OFFICIAL} relation={rel(true, true)} />);
    expect(screen.getByRole('button')).toHaveTextContent('互相关注');
    // Unfollow: the parent's row keeps its old data and re-renders with it.
    await user.click(screen.getByRole('button'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '取消关注' }),
    );
    await waitFor(() => expect(screen.getByRole('button')).toHaveTextContent('回关'));
    rerender(<FollowButton user={OFFICIAL} relation={rel(true, true)} />);
    expect(screen.getByRole('button')).toHaveTextContent('回关');
  });
});

describe('FollowButton actions', () => {
  it('unfollows after the confirmation, then follows again, with toasts', async () => {
    const state = await signedInState();
    const calls = watchFollowCalls();
    const onChange = vi.fn();
    const { user, store } = renderButton({ relation: rel(false, true), onChange }, state);
    await user.click(screen.getByRole('button', { name: /已关注/ }));
    const dialog = await screen.findByRole('dialog', { name: '取消关注' });
    expect(dialog).toHaveTextContent('确定不再关注 墨境官方 吗？');
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '取消关注' }));
    await waitFor(() => expect(screen.getByRole('button')).toHaveTextContent('关注'));
    expect(screen.getByRole('button')).toHaveAttribute('data-state', 'none');
    expect(calls).toEqual(['DELETE u_official']);
    expect(toastOf(store)).toMatchObject({ msg: '已取消关注', type: 'success' });
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ following: rel(false, false) }),
    );

    await user.click(screen.getByRole('button', { name: /关注/ }));
    await waitFor(() => expect(screen.getByRole('button')).toHaveTextContent('已关注'));
    expect(calls).toEqual(['DELETE u_official', 'POST u_official']);
    expect(toastOf(store)).toMatchObject({ msg: '关注成功', type: 'success' });
  });

  it('keeps the follow when the confirmation is cancelled', async () => {
    const state = await signedInState();
    const calls = watchFollowCalls();
    const { user } = renderButton({ relation: rel(true, true) }, state);
    await user.click(screen.getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button')).toHaveTextContent('互相关注');
    expect(calls).toEqual([]);
    // And it can be asked again.
    await user.click(screen.getByRole('button'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('logged out: opens the login dialog, then follows 0.5 s after the login', async () => {
    const calls = watchFollowCalls();
    const { user, store } = renderButton();
    await user.click(screen.getByRole('button', { name: /关注/ }));
    const [login] = dialogStore.getSnapshot();
    expect(login?.name).toBe('login');
    expect(calls).toEqual([]);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const session = await signedIn();
    act(() => {
      store.dispatch(
        credentialsReceived({
          uid: session.uid,
          access_token: session.accessToken,
          refresh_token: session.refreshToken,
        }),
      );
      // As the login dialog does: it closes, then calls onSuccess.
      closeDialog(login!.id);
      (login!.props as { onSuccess?: () => void }).onSuccess?.();
    });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(calls).toEqual([]);
    expect(screen.getByRole('button')).toHaveAttribute('aria-busy', 'true');
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(calls).toEqual(['POST u_official']));
    // u_author already follows the official account in the seed: 40327 shows the follow.
    await waitFor(() => expect(screen.getByRole('button')).toHaveTextContent('已关注'));
    expect(toastOf(store)).toMatchObject({ msg: '你已关注该用户', type: 'error' });
  });

  it('logged out: a dismissed login leaves the button ready for another try', async () => {
    const calls = watchFollowCalls();
    const { user } = renderButton();
    await user.click(screen.getByRole('button'));
    const [login] = dialogStore.getSnapshot();
    act(() => closeDialog(login!.id));
    await waitFor(() => expect(screen.getByRole('button')).not.toHaveAttribute('aria-busy'));
    await user.click(screen.getByRole('button'));
    await waitFor(() => expect(dialogStore.getSnapshot()).toHaveLength(1));
    expect(dialogStore.getSnapshot()[0]?.name).toBe('login');
    expect(calls).toEqual([]);
  });

  it('callback mode: asks the parent instead of opening the login', async () => {
    const onLoginRequired = vi.fn();
    const { user } = renderButton({ onLoginRequired });
    await user.click(screen.getByRole('button'));
    expect(onLoginRequired).toHaveBeenCalledTimes(1);
    expect(dialogStore.getSnapshot()).toEqual([]);
    act(() => onLoginRequired.mock.calls[0]![0].cancelled());
    expect(screen.getByRole('button')).not.toHaveAttribute('aria-busy');
  });
});

describe('FollowButton errors (spec 1 §8 "Follow")', () => {
  const fail = (method: 'post' | 'delete', code: number, msg = 'server says no') =>
    server.use(
      http[method](FOLLOWERS, () =>
        HttpResponse.json(
          { error_code: code, error_msg: msg, content: null },
          { status: Math.floor(code / 100) },
        ),
      ),
    );

  async function followFailsWith(code: number, place: FollowPlace) {
    const state = await signedInState();
    fail('post', code);
    const view = renderButton({ place }, state);
    await view.user.click(screen.getByRole('button'));
    await waitFor(() => expect(toastOf(view.store)?.type).toBe('error'));
    return view;
  }

  it.each([
    [40407, 'default', '该用户不存在'],
    [40328, 'default', '不能关注自己'],
    [40329, 'default', '今日关注次数已达上限，请明天再试'],
    [40327, 'default', '你已关注该用户'],
    [40327, 'profileHeader', '你已经关注了这位作者'],
    [40327, 'publicPage', '你已经关注了这位作者'],
    [40407, 'profileHeader', '该用户不存在'],
    [40329, 'publicPage', '今日关注次数已达上限，请明天再试'],
  ] as const)('follow %i on %s: "%s"', async (code, place, message) => {
    const { store } = await followFailsWith(code, place);
    expect(toastOf(store)?.msg).toBe(message);
    // 40327: the server has the follow, so the button shows it; otherwise nothing changed.
    expect(screen.getByRole('button')).toHaveAttribute(
      'data-state',
      code === 40327 ? 'following' : 'none',
    );
  });

  it('unfollow 40417: the follow-specific message', async () => {
    const state = await signedInState();
    fail('delete', 40417);
    const { user, store } = renderButton({ relation: rel(false, true) }, state);
    await user.click(screen.getByRole('button'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '取消关注' }),
    );
    await waitFor(() => expect(toastOf(store)?.type).toBe('error'));
    expect(toastOf(store)?.msg).toBe('未找到该关注关系，请刷新页面后重试');
    expect(screen.getByRole('button')).toHaveTextContent('已关注');
  });

  it("another code: the server's text, else the generic follow or unfollow error", async () => {
    const state = await signedInState();
    server.use(
      http.post(FOLLOWERS, () =>
        offContract(
          HttpResponse.json(
            { error_code: 40399, error_msg: '服务器的话', content: null },
            { status: 403 },
          ),
          'a code the contract does not list',
        ),
      ),
      http.delete(FOLLOWERS, () =>
        offContract(
          HttpResponse.json({ error_code: 40399, error_msg: '', content: null }, { status: 403 }),
          'a code the contract does not list, without a message',
        ),
      ),
    );
    const follow = renderButton({}, state);
    await follow.user.click(screen.getByRole('button'));
    await waitFor(() => expect(toastOf(follow.store)?.msg).toBe('服务器的话'));
    follow.unmount();

    const unfollow = renderButton({ relation: rel(false, true) }, state);
    await unfollow.user.click(screen.getByRole('button'));
    await unfollow.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '取消关注' }),
    );
    await waitFor(() => expect(toastOf(unfollow.store)?.msg).toBe('取消关注失败，请重试'));
  });

  it('no answer: the network message', async () => {
    const state = await signedInState();
    server.use(http.post(FOLLOWERS, () => HttpResponse.error()));
    const { user, store } = renderButton({}, state);
    await user.click(screen.getByRole('button'));
    await waitFor(() => expect(toastOf(store)?.type).toBe('error'));
    expect(toastOf(store)?.msg).toMatch(/网络/);
    expect(screen.getByRole('button')).toHaveTextContent('关注');
  });
});
