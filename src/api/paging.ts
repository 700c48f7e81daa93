import type { components } from './schema.gen';

type Paging = components['schemas']['Paging'];

/**
 * Paged lists follow the server's `next` cursor link as-is (spec 1 §7 "a generic next-page
 * call"), with one repair: a `limit=None` the server writes when a request had no limit is
 * removed (spec 2 §5), since the server refuses it as a limit.
 */
export function withoutNoneLimit(link: string): string {
  const q = link.indexOf('?');
  if (q < 0) return link;
  const hashAt = link.indexOf('#', q);
  const query = link.slice(q + 1, hashAt < 0 ? undefined : hashAt);
  const kept = query.split('&').filter((pair) => pair !== '' && pair !== 'limit=None');
  const hash = hashAt < 0 ? '' : link.slice(hashAt);
  return link.slice(0, q) + (kept.length ? `?${kept.join('&')}` : '') + hash;
}

/** The next page's link, or undefined at the end of the list (`has_next` false or no link). */
export function nextPageLink(paging: Paging): string | undefined {
  if (!paging.has_next || !paging.next) return undefined;
  return withoutNoneLimit(paging.next);
}

/** The first page's URL of a paged list: `path` with its defined, non-empty parameters. */
export function firstPageUrl(
  path: string,
  params: Record<string, string | number | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `${path}?${s}` : path;
}
