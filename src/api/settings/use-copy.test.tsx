import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import { http, HttpResponse } from 'msw';
import { server } from '@mocks/server';
import { serverError } from '@mocks/scenarios';
import { testStore } from '@/testing/test-store';
import { offContract } from '@/testing/contract-guard';
import { useCopy } from './use-copy';

function wrapper({ children }: { children: ReactNode }) {
  return <Provider store={testStore()}>{children}</Provider>;
}

/** `useCopy` on a store of the test's own, to see when its text map has settled. */
function renderUseCopy() {
  const store = testStore();
  const view = renderHook(() => useCopy(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    ),
  });
  /** The text map's query is done: a failure settles as an empty map (the built-in copy). */
  const settled = () =>
    waitFor(() =>
      expect(store.getState().api.queries['getCopyTexts(undefined)']).toMatchObject({
        status: 'fulfilled',
        data: {},
      }),
    );
  return { ...view, store, settled };
}

describe('settings copy', () => {
  it('follows oss_url and uses the server text by zh-CN value', async () => {
    server.use(
      http.get('*/mock-oss/settings-copy.json', () =>
        HttpResponse.json({
          vip_monthly_power: { 'zh-CN': '服务器文案：每月十万能量', en: 'server copy' },
        }),
      ),
    );
    const { result } = renderHook(() => useCopy(), { wrapper });
    await waitFor(() =>
      expect(result.current('vip_monthly_power')).toBe('服务器文案：每月十万能量'),
    );
    // An id the server does not have falls back to the built-in copy.
    expect(result.current('free_quota_refresh')).toBe('免费额度于每月 8 日刷新');
  });

  it('falls back to the built-in copy when loading fails, without a notice', async () => {
    server.use(...serverError());
    const { result, store, settled } = renderUseCopy();
    expect(result.current('vip_monthly_power')).toBe('会员每月可获得 10万 能量');
    await settled();
    expect(result.current('vip_monthly_power')).toBe('会员每月可获得 10万 能量');
    expect(store.getState().toast.current).toBeNull();
  });

  it('falls back when the text map is not JSON', async () => {
    server.use(
      http.get('*/mock-oss/settings-copy.json', () =>
        offContract(
          new HttpResponse('<html>', { headers: { 'Content-Type': 'text/html' } }),
          'a storage host answering with an error page',
        ),
      ),
    );
    const { result, settled } = renderUseCopy();
    await settled();
    expect(result.current('pack_never_expires')).toBe('能量包长期有效，不会过期');
  });
});
