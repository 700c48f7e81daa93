import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { renderApp, signedInState } from '@/testing/render';
import { activitiesIn } from '@mocks/handlers/events';
import { server } from '@mocks/server';
import { byStatus } from '../model/activities';
import { activitiesEmpty, activitiesFail } from './events.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const list = () => screen.findByRole('list', { name: t('events:active.listLabel') });

describe('/active', () => {
  it('is public: the events ongoing first, each with its power, dates, status and how to take part', async () => {
    renderApp('/active');
    const events = within(await list()).getAllByRole('article');
    // Ongoing ones ending soonest first, then upcoming, then ended (model/activities.ts).
    const expected = byStatus(activitiesIn('zh'));
    expect(events.map((e) => within(e).getByRole('heading').textContent)).toEqual(
      expected.map((a) => a.title),
    );
    const daily = events[expected.findIndex((a) => a.kind === 'daily_power')]!;
    expect(within(daily).getByText(t('events:active.powerDaily', { power: '500' }))).toBeVisible();
    expect(within(daily).getByText(t('events:active.status.ongoing'))).toBeVisible();
    expect(within(daily).getAllByText(/\d{4}年/, { selector: 'time' })).toHaveLength(2);
    expect(
      within(daily).getByText(t('events:active.how.daily_power.ongoing'), { exact: false }),
    ).toBeVisible();
    const ended = events[events.length - 1]!;
    expect(within(ended).getByText(t('events:active.status.ended'))).toBeVisible();
    expect(
      within(ended).getByText(t('events:active.how.activity_power.ended'), { exact: false }),
    ).toBeVisible();
  });

  it('logged out: a login button that opens the login dialog', async () => {
    const { user } = renderApp('/active');
    await list();
    expect(screen.queryByRole('link', { name: t('events:active.cta.claim') })).toBeNull();
    await user.click(screen.getByRole('button', { name: t('events:active.cta.login') }));
    expect(await screen.findByRole('dialog', { name: '登录墨境' })).toBeInTheDocument();
  });

  it('logged in: the power balance and the way to the membership screen, where power is claimed', async () => {
    renderApp('/active', { preloadedState: await signedInState() });
    await list();
    const balance = t('events:active.cta.balance', { value: '§' }).split('§')[0]!;
    expect(
      await screen.findByText((text) => text.startsWith(balance), undefined),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('events:active.cta.claim') })).toHaveAttribute(
      'href',
      '/dashboard/vip',
    );
    expect(screen.queryByRole('button', { name: t('events:active.cta.login') })).toBeNull();
  });

  it('shows an error block whose retry loads the events', async () => {
    server.use(...activitiesFail());
    const { user } = renderApp('/active');
    const retry = await screen.findByRole('button', { name: t('common:actions.retry') });
    server.resetHandlers();
    await user.click(retry);
    expect(await list()).toBeInTheDocument();
  });

  it('says so when there is no event', async () => {
    server.use(...activitiesEmpty());
    renderApp('/active');
    expect(await screen.findByText(t('events:active.empty'), undefined)).toBeVisible();
  });
});
