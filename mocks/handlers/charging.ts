import type { components } from '@/api/schema.gen';
import { tipMessageTooLong } from '@/rules/charge';
import { clock } from '../clock';
import { db, type ChargeRecord, type StoryRecord, type WorldRecord } from '../db';
import { fail, handle, http, ok, readBody, requireAuth } from '../http';
import { isMember } from '../payments';
import { grantActivity, spendPower } from '../power';
import { cursorPage, findUser, userSummary } from './share-cards';
import { endOfNextMonthS, utc8Day } from './payment';
import { findRisky } from './writing-prose';

/**
 * Charging (tipping) of shared works (spec 2 §4 "Charging", §5, §6, §8; spec 1 §2 charge-list
 * slider, §5, §6): options, the charge itself, my records and stats, supporters ranked by
 * amount, and charts per UTC+8 day. A charge moves power from the charger (consumption order,
 * mocks/power.ts) to the author as activity power.
 */

type ChargingOption = components['schemas']['ChargingOption'];
type ShareKind = components['schemas']['ShareKind'];

/** Spec 1 §6: new users cannot tip until they have used the product a while (7 days, inferred). */
export const NEW_USER_WINDOW_S = 7 * 86400;
export const CHART_DEFAULT_DAYS = 30;

const OPTIONS = [
  { option_id: 'opt_100', amount: 100, zh: '一杯清茶', en: 'A cup of tea' },
  { option_id: 'opt_500', amount: 500, zh: '一碟点心', en: 'A plate of pastries' },
  { option_id: 'opt_1000', amount: 1000, zh: '一壶好酒', en: 'A jug of wine' },
  { option_id: 'opt_5000', amount: 5000, zh: '一座书楼', en: 'A library' },
] as const;

/** The options in `lang` (zh or en); other languages get 42200. */
export function chargingOptions(lang: string | null): ChargingOption[] {
  if (lang !== 'zh' && lang !== 'en') fail(42200, 'missing parameters: lang');
  return OPTIONS.map((o) => ({ option_id: o.option_id, amount: o.amount, label: o[lang] }));
}

type PublicShare =
  { kind: 'story'; record: StoryRecord } | { kind: 'universe'; record: WorldRecord };

/** A share anyone may see and support: on the square or shared by link, not deleted or banned. */
export function publicShare(shareId: string): PublicShare | null {
  const open = (status: string) => status === 'square' || status === 'link';
  const s = db.stories.findFirst((q) => q.where({ share_id: shareId }));
  if (s && s.deleted_at === 0 && open(s.share_status)) return { kind: 'story', record: s };
  const w = db.worlds.findFirst((q) => q.where({ share_id: shareId }));
  if (w && !w.deleted && open(w.share_status)) return { kind: 'universe', record: w };
  return null;
}

/** Any share with this id, whatever its state now (my records keep showing it). */
function anyShare(shareId: string): PublicShare | null {
  const s = db.stories.findFirst((q) => q.where({ share_id: shareId }));
  if (s) return { kind: 'story', record: s };
  const w = db.worlds.findFirst((q) => q.where({ share_id: shareId }));
  return w ? { kind: 'universe', record: w } : null;
}

/** Share ids of every story and world of `uid`. */
function shareIdsOf(uid: string): Set<string> {
  return new Set([
    ...db.stories.findMany((q) => q.where({ uid })).map((s) => s.share_id),
    ...db.worlds.findMany((q) => q.where({ uid })).map((w) => w.share_id),
  ]);
}

/** Supporters of these charges: total per user, ranked by total, ties by the earliest charge. */
function ranked(charges: readonly ChargeRecord[]) {
  const by = new Map<string, { uid: string; total: number; first: number; firstId: string }>();
  for (const c of charges) {
    const row = by.get(c.uid) ?? { uid: c.uid, total: 0, first: Infinity, firstId: '' };
    row.total += c.amount;
    if (c.created_at < row.first || (c.created_at === row.first && c.id < row.firstId)) {
      row.first = c.created_at;
      row.firstId = c.id;
    }
    by.set(c.uid, row);
  }
  return [...by.values()]
    .sort((a, b) => b.total - a.total || a.first - b.first || a.firstId.localeCompare(b.firstId))
    .map((r) => ({ user_info: userSummary(findUser(r.uid), r.uid), total_amount: r.total }));
}

/** `days` of a chart: 7-90, default 30; anything else 42200. */
function readDays(url: URL): number {
  const raw = url.searchParams.get('days');
  if (raw === null) return CHART_DEFAULT_DAYS;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < 7 || n > 90)
    fail(42200, 'missing parameters: days');
  return n;
}

/** The last `days` UTC+8 days, oldest first, today included, days without charges as 0. */
export function chartOf(charges: readonly ChargeRecord[], days: number) {
  const now = clock.nowMs();
  const points = Array.from({ length: days }, (_, i) => ({
    date: utc8Day(now - (days - 1 - i) * 86_400_000),
    amount: 0,
    count: 0,
  }));
  const index = new Map(points.map((p, i) => [p.date, i]));
  for (const c of charges) {
    const i = index.get(utc8Day(c.created_at * 1000));
    if (i === undefined) continue;
    points[i]!.amount += c.amount;
    points[i]!.count += 1;
  }
  return { days, total: points.reduce((s, p) => s + p.amount, 0), points };
}

let chargeSeq = 0;

export const chargingHandlers = [
  http.get(
    '/api/v1/settings/charging_options',
    handle(({ request }) => ok({ data: chargingOptions(request.headers.get('lang')) })),
  ),

  /**
   * Order of checks: token, body (42200), share (40406), own work (40325), option (40417),
   * message length (42244), sensitive words (42203), membership (40335), new user (40336),
   * power (40260).
   */
  http.post(
    '/api/v1/user/charge',
    handle(async ({ request }) => {
      const uid = requireAuth(request);
      const body = await readBody(request);
      const share = publicShare(body.share_id.trim());
      if (!share) fail(40406, 'share missing');
      if (share.record.uid === uid) fail(40325, 'cannot charge your own work');
      const option = OPTIONS.find((o) => o.option_id === body.option_id);
      if (!option) fail(40417, 'option missing');
      const message = (body.message ?? '').trim();
      if (tipMessageTooLong(message)) fail(42244, 'message over 50');
      if (findRisky(message)) fail(42203, 'content safety risk');
      if (!(await isMember(uid))) fail(40335, 'charging is for members');
      const me = findUser(uid);
      if (!me || clock.nowS() - Math.floor(me.created_at) < NEW_USER_WINDOW_S)
        fail(40336, 'new users cannot charge yet');
      await spendPower(uid, option.amount);
      const now = clock.nowS();
      const record = await db.charges.create({
        id: `ch_${clock.nowMs().toString(36)}${(++chargeSeq).toString(36)}`,
        share_id: share.record.share_id,
        uid,
        amount: option.amount,
        message,
        created_at: now,
        option_id: option.option_id,
      });
      await grantActivity(
        share.record.uid,
        option.amount,
        endOfNextMonthS(clock.nowMs()),
        'activity',
      );
      return ok({ charge_id: record.id, amount: record.amount, created_at: record.created_at });
    }),
  ),

  http.get(
    '/api/v1/user/charged_records',
    handle(({ request }) => {
      const uid = requireAuth(request);
      const mine = db.charges
        .findMany((q) => q.where({ uid }))
        .sort((a, b) => b.created_at - a.created_at || b.id.localeCompare(a.id));
      const page = cursorPage(mine, new URL(request.url));
      return ok({
        data: page.data.map((c) => {
          const share = anyShare(c.share_id);
          return {
            charge_id: c.id,
            share: {
              share_id: c.share_id,
              kind: (share?.kind ?? 'story') as ShareKind,
              title: share?.record.title ?? '',
              author: userSummary(share ? findUser(share.record.uid) : undefined),
            },
            amount: c.amount,
            message: c.message,
            created_at: c.created_at,
          };
        }),
        paging: page.paging,
      });
    }),
  ),

  http.get(
    '/api/v1/user/charged_stats',
    handle(({ request }) => {
      const uid = requireAuth(request);
      const given = db.charges.findMany((q) => q.where({ uid }));
      const mine = shareIdsOf(uid);
      const received = db.charges.all().filter((c) => mine.has(c.share_id));
      return ok({
        latest_charged_at: given.length ? Math.max(...given.map((c) => c.created_at)) : null,
        given_total: given.reduce((s, c) => s + c.amount, 0),
        given_count: given.length,
        received_total: received.reduce((s, c) => s + c.amount, 0),
        received_count: received.length,
      });
    }),
  ),

  http.get(
    '/api/v2/sharing/{id}/charged_records',
    handle(({ request, params }) => {
      if (!publicShare(params.id)) fail(40406, 'share missing');
      const rows = ranked(db.charges.findMany((q) => q.where({ share_id: params.id })));
      return ok(cursorPage(rows, new URL(request.url)));
    }),
  ),

  http.get(
    '/api/v2/users/{uid}/charged_records',
    handle(({ request, params }) => {
      if (!findUser(params.uid)) fail(40407, 'user not found');
      const mine = shareIdsOf(params.uid);
      const rows = ranked(db.charges.all().filter((c) => mine.has(c.share_id)));
      return ok(cursorPage(rows, new URL(request.url)));
    }),
  ),

  http.get(
    '/api/v2/sharing/{id}/charged_chart',
    handle(({ request, params }) => {
      if (!publicShare(params.id)) fail(40406, 'share missing');
      const days = readDays(new URL(request.url));
      return ok(
        chartOf(
          db.charges.findMany((q) => q.where({ share_id: params.id })),
          days,
        ),
      );
    }),
  ),

  http.get(
    '/api/v2/users/{uid}/charged_chart',
    handle(({ request, params }) => {
      if (!findUser(params.uid)) fail(40407, 'user not found');
      const days = readDays(new URL(request.url));
      const mine = shareIdsOf(params.uid);
      return ok(
        chartOf(
          db.charges.all().filter((c) => mine.has(c.share_id)),
          days,
        ),
      );
    }),
  ),
];
