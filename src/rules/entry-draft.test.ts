import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameDraft, toEntryBody } from './entry-draft';
import { emptyEntryDraft, type EntryDraft } from './world-form-rules';

const draft = fc.record<EntryDraft>({
  name: fc.string({ maxLength: 10 }),
  description: fc.string({ maxLength: 20 }),
  type: fc.constantFrom('normal', 'character'),
  character_status: fc.constantFrom('alive', 'dead'),
  character_age: fc.constantFrom('youth', 'adult', 'elder', 'unknown'),
  character_gender: fc.constantFrom('male', 'female', 'unknown', null),
  is_recommended: fc.boolean(),
  character_target: fc.string({ maxLength: 10 }),
  character_relationships: fc.array(
    fc.record({
      name: fc.string({ maxLength: 5 }),
      locked: fc.boolean(),
      relationships: fc.array(fc.string({ maxLength: 4 })),
    }),
    { maxLength: 3 },
  ),
});

describe('toEntryBody', () => {
  it('sends character fields only for characters, and never a null gender', () => {
    fc.assert(
      fc.property(draft, (d) => {
        const body = toEntryBody(d);
        expect(body.name).toBe(d.name.trim());
        const keys = Object.keys(body).filter(
          (k) => k.startsWith('character_') || k === 'is_recommended',
        );
        if (d.type === 'normal') expect(keys).toEqual([]);
        else {
          expect('character_gender' in body).toBe(d.character_gender !== null);
          expect(body.character_relationships).toHaveLength(d.character_relationships.length);
        }
      }),
    );
  });

  it('keeps the defaults of a new character: alive, unknown age, no gender, not recommended', () => {
    expect(toEntryBody({ ...emptyEntryDraft('character'), name: '林' })).toEqual({
      name: '林',
      description: '',
      type: 'character',
      character_status: 'alive',
      character_age: 'unknown',
      is_recommended: false,
      character_target: '',
      character_relationships: [],
    });
  });

  it('compares drafts by content', () => {
    fc.assert(fc.property(draft, (d) => void expect(sameDraft(d, structuredClone(d))).toBe(true)));
    expect(sameDraft(emptyEntryDraft(), { ...emptyEntryDraft(), name: 'x' })).toBe(false);
  });
});
