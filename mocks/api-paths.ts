/** Path prefixes served by the API (anything else — pages, modules, assets — passes through). */
const API_PREFIXES = [
  '/v2/',
  '/v1/',
  '/api/',
  '/get_ad_list',
  '/time',
  '/mock-oss/',
  '/mock-pay/',
  '/oauth2/',
  '/ws/',
];

export function isApiRequest(url: string): boolean {
  const { pathname } = new URL(url, 'http://localhost');
  return API_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p));
}
