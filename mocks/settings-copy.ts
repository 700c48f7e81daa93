import type { components } from '@/api/schema.gen';

/**
 * The mock's server-provided copy (spec 1 §3, §4): a text map keyed by text id, each with a
 * zh-CN value and an English one, served by the mock storage host at the `oss_url` that
 * GET /api/v1/settings/copy names. Wording follows the membership copy of spec 2 §1 and the
 * limits of spec 1 §9.
 */
export const SETTINGS_COPY: components['schemas']['CopyTextMap'] = {
  vip_monthly_power: {
    'zh-CN': '会员每月可获得 10万 能量',
    en: 'Members receive 100k power every month',
  },
  vip_voice_minutes: {
    'zh-CN': '会员每月约可使用 400 分钟语音',
    en: 'Members get about 400 voice minutes a month',
  },
  vip_pro_model: {
    'zh-CN': '会员可使用专业版写作模型',
    en: 'Members can use the pro writing model',
  },
  free_quota_refresh: {
    'zh-CN': '免费额度于每月 8 日刷新',
    en: 'The free quota refreshes on the 8th of every month',
  },
  pack_never_expires: {
    'zh-CN': '能量包长期有效，不会过期',
    en: 'Power packs last and never expire',
  },
  activity_power_validity: {
    'zh-CN': '活动能量在领取当月及次月内有效',
    en: 'Activity power is valid in the month it is claimed and the next',
  },
  daily_promotion: {
    'zh-CN': '活动期间每日可领取 500 能量',
    en: 'Claim 500 power every day during the promotion',
  },
  consumption_order: {
    'zh-CN': '优先消耗免费或会员能量，其次是活动能量（先到期先用），最后是能量包',
    en: 'Free or member power is used first, then activity power (soonest expiry first), then power packs',
  },
  continuation_charge: {
    'zh-CN': '续写成功后按设定字数扣除能量，无输出或空白开篇不扣费',
    en: 'A successful continuation costs its set length in power; no output or an empty opening costs nothing',
  },
  withdraw_no_refund: {
    'zh-CN': '撤回内容不退还能量',
    en: 'Withdrawn text is not refunded',
  },
  zero_power_blocked: {
    'zh-CN': '能量不足，无法继续续写',
    en: 'Out of power: continuation is unavailable',
  },
  risk_suspension: {
    'zh-CN': '一小时内多次触发风险内容，创作服务将暂停 1 小时，可提交申诉',
    en: 'Repeated risky input within an hour suspends the creation service for 1 hour; you may appeal',
  },
  avatar_monthly_limit: {
    'zh-CN': '每月最多可修改 5 次头像',
    en: 'You can change your avatar up to 5 times a month',
  },
};
