import { describe, expect, it } from 'vitest';
import { firstPageUrl, nextPageLink, withoutNoneLimit } from './paging';

describe('withoutNoneLimit (spec 2 §5: limit=None is removed from paged URLs)', () => {
  it('removes limit=None wherever it sits and keeps every other parameter', () => {
    expect(withoutNoneLimit('/api/v2/self/followers?cursor=abc&limit=None')).toBe(
      '/api/v2/self/followers?cursor=abc',
    );
    expect(withoutNoneLimit('/api/v2/self/followers?limit=None&cursor=abc')).toBe(
      '/api/v2/self/followers?cursor=abc',
    );
    expect(withoutNoneLimit('/x?limit=None')).toBe('/x');
  });

  it('keeps a real limit, other None values and links without a query', () => {
    expect(withoutNoneLimit('/x?limit=20&cursor=None')).toBe('/x?limit=20&cursor=None');
    expect(withoutNoneLimit('/x')).toBe('/x');
    expect(withoutNoneLimit('https://h.test/x?limit=None#top')).toBe('https://h.test/x#top');
  });
});

describe('nextPageLink', () => {
  it('is undefined at the end of a list', () => {
    expect(nextPageLink({ has_prev: true, has_next: false, next: '/x?cursor=1' })).toBeUndefined();
    expect(nextPageLink({ has_prev: true, has_next: true, next: null })).toBeUndefined();
  });

  it('follows the cursor link without limit=None', () => {
    expect(nextPageLink({ has_prev: true, has_next: true, next: '/x?cursor=2&limit=None' })).toBe(
      '/x?cursor=2',
    );
  });
});

describe('firstPageUrl', () => {
  it('leaves out undefined and empty parameters', () => {
    expect(
      firstPageUrl('/api/v1/square/shares', { tab: 'latest', kind: undefined, limit: 20 }),
    ).toBe('/api/v1/square/shares?tab=latest&limit=20');
    expect(firstPageUrl('/x', { keyword: '' })).toBe('/x');
  });
});
