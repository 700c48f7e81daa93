import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryListParams } from './index';

describe('entryListParams', () => {
  it('sends per_page only when above 0, and leaves empty filters out', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -5, max: 100 }), { nil: undefined }),
        fc.option(fc.constantFrom('normal' as const, 'character' as const), { nil: undefined }),
        fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
        fc.integer({ min: 1, max: 9 }),
        (perPage, type, name, page) => {
          const params = entryListParams({ perPage, type, name, orderBy: 'name' }, page);
          expect(params.page).toBe(page);
          expect('per_page' in params).toBe(perPage !== undefined && perPage > 0);
          expect(params.type).toBe(type);
          expect(params.name).toBe(name?.trim() ? name.trim() : undefined);
          expect(params.order_by).toBe('name');
        },
      ),
    );
  });
});
