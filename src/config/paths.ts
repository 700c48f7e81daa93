/**
 * Every route of the app (spec 1 §2, spec 2 §2). `auth` marks routes that need login;
 * everything else is open to anonymous visitors (spec 1 §6).
 */
export const paths = {
  root: { path: '/', getHref: () => '/' },
  editor: {
    path: '/editor',
    auth: true,
    getHref: (q?: { nid?: string; cid?: string }) => withQuery('/editor', q),
  },
  /** The chat screen of one chat game's current chat (`chat` is its `chat_id`). */
  exploration: {
    path: '/exploration',
    auth: true,
    getHref: (q?: { chat?: string }) => withQuery('/exploration', q),
  },
  search: {
    path: '/search',
    auth: true,
    getHref: (q?: { keyword?: string }) => withQuery('/search', q),
  },
  universe: {
    path: '/universe/:shareid',
    getHref: (shareid: string) => `/universe/${enc(shareid)}`,
  },
  story: { path: '/story/:shareid', getHref: (shareid: string) => `/story/${enc(shareid)}` },
  user: { path: '/user/:uid', getHref: (uid: string) => `/user/${enc(uid)}` },
  history: { path: '/history', getHref: () => '/history' },
  active: { path: '/active', getHref: () => '/active' },
  /** One-to-one chats with a character (`chat` opens one; see docs/ARCHITECTURE.md). */
  chat: {
    path: '/yjin/chat',
    auth: true,
    getHref: (q?: { chat?: string }) => withQuery('/yjin/chat', q),
  },
  download: { path: '/m/download', getHref: () => '/m/download' },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    feed: { path: '/dashboard/feed', auth: true, getHref: () => '/dashboard/feed' },
    novels: { path: '/dashboard/novels', auth: true, getHref: () => '/dashboard/novels' },
    chapters: {
      path: '/dashboard/novels/:nid',
      auth: true,
      getHref: (nid: string) => `/dashboard/novels/${enc(nid)}`,
    },
    recycle: { path: '/dashboard/recycle', auth: true, getHref: () => '/dashboard/recycle' },
    worlds: { path: '/dashboard/worlds', auth: true, getHref: () => '/dashboard/worlds' },
    world: {
      path: '/dashboard/worlds/:unid',
      auth: true,
      getHref: (unid: string) => `/dashboard/worlds/${enc(unid)}`,
    },
    exploration: {
      path: '/dashboard/exploration',
      auth: true,
      getHref: () => '/dashboard/exploration',
    },
    vip: {
      path: '/dashboard/vip',
      auth: true,
      getHref: (source?: string) => withQuery('/dashboard/vip', { source }),
    },
    package: { path: '/dashboard/package', auth: true, getHref: () => '/dashboard/package' },
    charge: { path: '/dashboard/charge', auth: true, getHref: () => '/dashboard/charge' },
    square: {
      path: '/dashboard/square',
      getHref: (tab?: string) => withQuery('/dashboard/square', { tab }),
    },
    abouts: { path: '/dashboard/abouts', getHref: () => '/dashboard/abouts' },
  },
} as const;

function enc(s: string) {
  return encodeURIComponent(s);
}

function withQuery(path: string, q?: Record<string, string | undefined>): string {
  if (!q) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, v);
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

/** The chat path is kept in a cookie for 5 minutes when a logged-out user opens it (spec 1 §2). */
export const CHAT_RETURN_COOKIE = 'pro_chat_return';
export const CHAT_RETURN_MAX_AGE_S = 5 * 60;
