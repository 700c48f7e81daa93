import { beforeEach, describe, expect, it } from 'vitest';
import { TIP_MESSAGE_MAX } from '@/rules/charge';
import { clock } from '../clock';
import { db } from '../db';
import { setPower } from '../power';
import { freeZeroPower, newUser, vipSub } from '../scenarios/payment';
import { AUTHOR_UID } from '../seed-ids';
import { utc8Day } from './payment';
import { RISKY_WORDS } from './writing-prose';
import { type Auth, call, expectError, get, post, session } from './test-client';

/** The author's square story: 30+ seeded supporters (factories-payments.ts). */
const MY_SHARE = 's_5bn0cufdxjxs';
const MY_PRIVATE_SHARE = 's_pkpsi9nreep6';
/** Another author's square story. */
const OTHER_SHARE = 's_7lgj4ldk4203';
const OTHER_UID = 'u_sfrie8d4q4';

let auth: Auth;
beforeEach(async () => {
  await vipSub();
  auth = await session();
});

const charge = (body: Record<string, unknown>, a: Auth | null = auth) =>
  post('/api/v1/user/charge', body, a ?? undefined);
const options = (lang: string | null) => {
  const headers: Record<string, string> = { ostype: 'web' };
  if (lang !== null) headers.lang = lang;
  return fetch('http://localhost:3000/api/v1/settings/charging_options', { headers }).then(
    async (r) => ({ status: r.status, body: await r.json() }),
  );
};

describe('GET settings/charging_options', () => {
  it('lists the amounts with labels in the request language', async () => {
    const zh = await options('zh');
    expect(zh.status).toBe(200);
    expect(zh.body.data.map((o: { amount: number }) => o.amount)).toEqual([100, 500, 1000, 5000]);
    expect(zh.body.data[0].label).toBe('一杯清茶');
    expect((await options('en')).body.data[0].label).toBe('A cup of tea');
  });

  it('42200 without a lang header or with another language', async () => {
    expectError(await options(null), 42200);
    expectError(await options('fr'), 42200);
  });
});

describe('POST user/charge', () => {
  it('moves the amount from my power (consumption order) to the author as activity power', async () => {
    await setPower(AUTHOR_UID, { member: 300, activity: 100, pack: 1000 });
    const authorBefore = db.benefits.findFirst((q) => q.where({ uid: OTHER_UID }));
    const res = await charge({ share_id: OTHER_SHARE, option_id: 'opt_500', message: '好看！' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: 500, created_at: clock.nowS() });
    const mine = (await get('/api/v1/user/benefits/writing', auth)).body;
    expect([mine.vip_words, mine.checkin_words, mine.pack_words]).toEqual([0, 0, 900]);
    const other = (await get('/api/v1/user/benefits/writing', await session(OTHER_UID))).body;
    expect(other.checkin_words).toBe((authorBefore?.checkin_words ?? 0) + 500);
    const row = db.charges.findFirst((q) => q.where({ id: res.body.charge_id }));
    expect(row).toMatchObject({ share_id: OTHER_SHARE, uid: AUTHOR_UID, message: '好看！' });
  });

  it('a message is optional; 50 counted is accepted', async () => {
    expect((await charge({ share_id: OTHER_SHARE, option_id: 'opt_100' })).status).toBe(200);
    const fifty = '好'.repeat(TIP_MESSAGE_MAX);
    expect(
      (await charge({ share_id: OTHER_SHARE, option_id: 'opt_100', message: fifty })).status,
    ).toBe(200);
  });

  it('40325 own work, 40406 share missing or private, 40417 option missing', async () => {
    expectError(await charge({ share_id: MY_SHARE, option_id: 'opt_100' }), 40325);
    expectError(await charge({ share_id: 's_nope', option_id: 'opt_100' }), 40406);
    expectError(await charge({ share_id: MY_PRIVATE_SHARE, option_id: 'opt_100' }), 40406);
    expectError(await charge({ share_id: OTHER_SHARE, option_id: 'opt_7' }), 40417);
    expectError(await charge({ share_id: OTHER_SHARE, option_id: '' }), 40417);
  });

  it('42244 message over 50, 42203 sensitive content, 42200 bad body, 40103', async () => {
    expectError(
      await charge({
        share_id: OTHER_SHARE,
        option_id: 'opt_100',
        message: '好'.repeat(TIP_MESSAGE_MAX + 1),
      }),
      42244,
    );
    expectError(
      await charge({ share_id: OTHER_SHARE, option_id: 'opt_100', message: RISKY_WORDS[0] }),
      42203,
    );
    expectError(await charge({ share_id: OTHER_SHARE }), 42200);
    expectError(await charge({ share_id: OTHER_SHARE, option_id: 100 }), 42200);
    expectError(await charge({ share_id: OTHER_SHARE, option_id: 'opt_100' }, null), 40103, 401);
  });

  it('40335 members only, 40336 new user, 40260 not enough power (nothing taken)', async () => {
    await freeZeroPower();
    await setPower(AUTHOR_UID, { pack: 10_000 });
    expectError(await charge({ share_id: OTHER_SHARE, option_id: 'opt_100' }), 40335);
    await newUser();
    expectError(await charge({ share_id: OTHER_SHARE, option_id: 'opt_100' }), 40336);
    clock.shift(7 * 86_400_000);
    auth = await session();
    await setPower(AUTHOR_UID, { member: 100, pack: 300 });
    expectError(await charge({ share_id: OTHER_SHARE, option_id: 'opt_500' }), 40260, 402);
    const mine = (await get('/api/v1/user/benefits/writing', auth)).body;
    expect([mine.vip_words, mine.pack_words]).toEqual([100, 300]);
    expect((await charge({ share_id: OTHER_SHARE, option_id: 'opt_100' })).status).toBe(200);
  });
});

describe('my charged records and stats', () => {
  it('lists my charges newest first, paged by cursor, with the share and its author', async () => {
    await charge({ share_id: OTHER_SHARE, option_id: 'opt_1000', message: 'hi' });
    const page = await get('/api/v1/user/charged_records?limit=2', auth);
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.data[0]).toMatchObject({
      amount: 1000,
      message: 'hi',
      share: { share_id: OTHER_SHARE, kind: 'story', author: { _id: OTHER_UID } },
    });
    expect(page.body.data[0].created_at).toBeGreaterThanOrEqual(page.body.data[1].created_at);
    const next = await get(page.body.paging.next, auth);
    expect(next.body.data[0].charge_id).not.toBe(page.body.data[0].charge_id);
    const all = await get('/api/v1/user/charged_records', auth);
    expect(all.body.paging.next ?? '').not.toContain('limit=2');
  });

  it('stats: latest, given and received totals', async () => {
    const res = await charge({ share_id: OTHER_SHARE, option_id: 'opt_100' });
    const stats = (await get('/api/v1/user/charged_stats', auth)).body;
    expect(stats.latest_charged_at).toBe(res.body.created_at);
    const given = db.charges.findMany((q) => q.where({ uid: AUTHOR_UID }));
    expect(stats.given_count).toBe(given.length);
    expect(stats.given_total).toBe(given.reduce((s, c) => s + c.amount, 0));
    expect(stats.received_count).toBeGreaterThanOrEqual(30);
    const fresh = (await get('/api/v1/user/charged_stats', await session('u_official'))).body;
    expect(fresh.latest_charged_at === null || typeof fresh.latest_charged_at === 'number').toBe(
      true,
    );
  });

  it('42200 a bad limit or cursor; 40103 without a token', async () => {
    expectError(await get('/api/v1/user/charged_records?limit=None', auth), 42200);
    expectError(await get('/api/v1/user/charged_records?cursor=zzz', auth), 42200);
    expectError(await get('/api/v1/user/charged_records'), 40103, 401);
    expectError(await get('/api/v1/user/charged_stats'), 40103, 401);
  });
});

describe('supporters', () => {
  it("a share's supporters: ranked by total, ties by the earliest, 30+ in pages", async () => {
    const first = await get(`/api/v2/sharing/${MY_SHARE}/charged_records`);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.paging.next).toContain('limit=None');
    const second = await get(
      `/api/v2/sharing/${MY_SHARE}/charged_records?limit=20&cursor=${new URL(first.body.paging.next, 'http://x').searchParams.get('cursor')}`,
    );
    const rows = [...first.body.data, ...second.body.data];
    expect(rows.length).toBeGreaterThanOrEqual(30);
    const totals = rows.map((r: { total_amount: number }) => r.total_amount);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    // Ties: the one who charged first ranks first.
    const charges = db.charges.findMany((q) => q.where({ share_id: MY_SHARE }));
    const firstAt = (uid: string) =>
      Math.min(...charges.filter((c) => c.uid === uid).map((c) => c.created_at));
    for (let i = 1; i < rows.length; i++)
      if (rows[i].total_amount === rows[i - 1].total_amount)
        expect(firstAt(rows[i].user_info._id)).toBeGreaterThanOrEqual(
          firstAt(rows[i - 1].user_info._id),
        );
  });

  it('my charge ranks me among the supporters', async () => {
    await setPower(AUTHOR_UID, { member: 100_000 });
    for (let i = 0; i < 4; i++) await charge({ share_id: OTHER_SHARE, option_id: 'opt_5000' });
    const res = await get(`/api/v2/sharing/${OTHER_SHARE}/charged_records?limit=3`);
    expect(res.body.data[0].user_info._id).toBe(AUTHOR_UID);
  });

  it("a user's supporters over all their works", async () => {
    const res = await get(`/api/v2/users/${AUTHOR_UID}/charged_records?limit=50`);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(30);
  });

  it('40406 share missing, 40407 user missing, 42200 a bad limit', async () => {
    expectError(await get('/api/v2/sharing/s_nope/charged_records'), 40406);
    expectError(await get(`/api/v2/sharing/${MY_PRIVATE_SHARE}/charged_records`), 40406);
    expectError(await get('/api/v2/users/u_nope/charged_records'), 40407);
    expectError(await get(`/api/v2/sharing/${MY_SHARE}/charged_records?limit=0`), 42200);
    expectError(await get(`/api/v2/users/${AUTHOR_UID}/charged_records?limit=51`), 42200);
  });
});

describe('charts', () => {
  it('one point per UTC+8 day, oldest first, zero days included, today last', async () => {
    await charge({ share_id: OTHER_SHARE, option_id: 'opt_500' });
    await charge({ share_id: OTHER_SHARE, option_id: 'opt_100' });
    const res = await get(`/api/v2/sharing/${OTHER_SHARE}/charged_chart?days=7`);
    expect(res.status).toBe(200);
    expect(res.body.days).toBe(7);
    expect(res.body.points).toHaveLength(7);
    expect(res.body.points.at(-1)).toEqual({ date: utc8Day(clock.nowMs()), amount: 600, count: 2 });
    const total = res.body.points.reduce((s: number, p: { amount: number }) => s + p.amount, 0);
    expect(res.body.total).toBe(total);
    const dates = res.body.points.map((p: { date: string }) => p.date);
    expect([...dates].sort()).toEqual(dates);
    expect((await get(`/api/v2/sharing/${OTHER_SHARE}/charged_chart`)).body.points).toHaveLength(
      30,
    );
  });

  it("a user's chart sums their works", async () => {
    await charge({ share_id: OTHER_SHARE, option_id: 'opt_1000' });
    const res = await get(`/api/v2/users/${OTHER_UID}/charged_chart?days=90`);
    expect(res.body.points).toHaveLength(90);
    expect(res.body.points.at(-1).amount).toBeGreaterThanOrEqual(1000);
  });

  it('42200 days outside 7-90, 40406 share missing, 40407 user missing', async () => {
    expectError(await get(`/api/v2/sharing/${OTHER_SHARE}/charged_chart?days=6`), 42200);
    expectError(await get(`/api/v2/sharing/${OTHER_SHARE}/charged_chart?days=91`), 42200);
    expectError(await get(`/api/v2/users/${OTHER_UID}/charged_chart?days=x`), 42200);
    expectError(await get('/api/v2/sharing/s_nope/charged_chart'), 40406);
    expectError(await get('/api/v2/users/u_nope/charged_chart'), 40407);
  });
});

describe('the lang header of the test client', () => {
  it('is zh by default (options answer in Chinese)', async () => {
    const res = await call('GET', '/api/v1/settings/charging_options');
    expect(res.body.data[0].label).toBe('一杯清茶');
  });
});
