import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { renderApp } from '@/testing/render';
import { releasesIn } from '@mocks/handlers/events';
import { server } from '@mocks/server';
import { releasesEmpty, releasesFail } from './events.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

describe('/history', () => {
  it('is public and lists every release newest first, with its date, title and notes', async () => {
    renderApp('/history');
    expect(
      await screen.findByRole('heading', { level: 1, name: t('events:history.heading') }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: t('events:history.listLabel') });
    const releases = releasesIn('zh');
    const articles = within(list).getAllByRole('article');
    expect(articles).toHaveLength(releases.length);
    const headings = articles.map((a) => within(a).getByRole('heading', { level: 2 }).textContent);
    expect(headings).toEqual(
      releases.map((r) => `${t('events:history.version', { version: r.version })} ${r.title}`),
    );
    const newest = articles[0]!;
    expect(within(newest).getByText(t('events:history.latest'))).toBeInTheDocument();
    expect(
      within(newest)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(releases[0]!.notes);
    const date = newest.querySelector('time')!;
    expect(date.getAttribute('dateTime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(date.textContent).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
    expect(within(articles[1]!).queryByText(t('events:history.latest'))).toBeNull();
  });

  it('shows an error block whose retry loads the list', async () => {
    server.use(...releasesFail());
    const { user } = renderApp('/history');
    const retry = await screen.findByRole('button', { name: t('common:actions.retry') });
    expect(screen.getByRole('alert')).toHaveTextContent(t('common:list.loadError'));
    server.resetHandlers();
    await user.click(retry);
    expect(
      await screen.findByRole('list', { name: t('events:history.listLabel') }),
    ).toBeInTheDocument();
  });

  it('says so when no release has been published', async () => {
    server.use(...releasesEmpty());
    renderApp('/history');
    expect(await screen.findByText(t('events:history.empty'), undefined)).toBeInTheDocument();
  });
});
