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

/** Items per page of the social and square lists (the contract's default is also 20). */
export const SOCIAL_PAGE_SIZE = 20;

/**
 * The parts of an infinite query over a cursor-paged list: the first page is built from the
 * argument, every later page is the previous page's `next` link (without `limit=None`).
 */
export function cursorPages<Result extends { paging: Paging }, Arg>(first: (arg: Arg) => string) {
  return {
    infiniteQueryOptions: {
      initialPageParam: '',
      getNextPageParam: (last: Result) => nextPageLink(last.paging),
    },
    query: ({ queryArg, pageParam }: { queryArg: Arg; pageParam: string }) =>
      pageParam || first(queryArg),
  };
}
