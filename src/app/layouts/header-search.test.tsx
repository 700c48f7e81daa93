import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { renderApp, signedInState } from '@/testing/render';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

async function headerBox() {
  const header = await waitFor(() => {
    const el = document.querySelector<HTMLElement>('.shell__header');
    if (!el) throw new Error('no page header yet');
    return el;
  });
  return within(header).findByRole('searchbox', { name: t('common:search.label') });
}

const where = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

describe('the header search', () => {
  it('opens /search with the keyword on Enter', async () => {
    const { user, router } = renderApp(paths.dashboard.novels.getHref(), {
      preloadedState: await signedInState(),
    });
    await user.type(await headerBox(), ' 雾港 {Enter}');
    await waitFor(() => expect(where(router)).toBe(paths.search.getHref({ keyword: '雾港' })));
    // The search page holds the keyword in its own field; the header's steps aside there.
    await screen.findByRole('heading', { level: 1, name: t('social:search.heading') });
    const header = document.querySelector<HTMLElement>('.shell__header')!;
    expect(within(header).queryByRole('searchbox')).toBeNull();
  });

  it('says at the field why an empty or too long keyword is not searched', async () => {
    const { user, router } = renderApp(paths.dashboard.novels.getHref(), {
      preloadedState: await signedInState(),
    });
    const box = await headerBox();
    await user.type(box, '{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(t('common:search.errors.empty'));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.type(box, `${'长'.repeat(31)}{Enter}`);
    expect(screen.getByRole('alert')).toHaveTextContent(t('common:search.errors.tooLong'));
    expect(box).toHaveAccessibleDescription(t('common:search.errors.tooLong'));
    expect(router.state.location.pathname).toBe(paths.dashboard.novels.path);
  });

  it('is on the public square too; logged out it asks for the login, then searches', async () => {
    const { user, router } = renderApp(paths.dashboard.square.getHref());
    await user.type(await headerBox(), '雾港{Enter}');
    expect(router.state.location.pathname).toBe(paths.dashboard.square.path);
    const login = dialogStore.getSnapshot().at(-1)!;
    expect(login.name).toBe('login');
    act(() => (login.props as { onSuccess: () => void }).onSuccess());
    await waitFor(() => expect(where(router)).toBe(paths.search.getHref({ keyword: '雾港' })));
  });
});
