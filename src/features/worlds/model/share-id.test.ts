import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareIdFrom } from './share-id';

describe('shareIdFrom', () => {
  it('takes the id from a pasted link or the id itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^s_[a-z0-9]{4,12}$/), (id) => {
        expect(shareIdFrom(`  ${id} `)).toBe(id);
        expect(shareIdFrom(`https://inkworld.test/universe/${id}?from=square`)).toBe(id);
        expect(shareIdFrom(`/demo/universe/${id}`)).toBe(id);
      }),
    );
  });
});
