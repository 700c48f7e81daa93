import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toEntryBody } from './entry-draft';
import { entryDraftOf, entryFields } from './entry-fields';
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

  it('a draft written as durable text reads back the same (src/rules/entry-fields.ts)', () => {
    // As the form makes them: names without tabs or line breaks, tags trimmed, none empty, no
    // separator inside one.
    const typed = (max: number) =>
      fc.string({ maxLength: max }).map((s) => s.replace(/[\t\r\n]/g, ''));
    const tag = fc
      .string({ minLength: 1, maxLength: 4 })
      .map((s) => s.replace(/[,，、\s]/g, ''))
      .filter(Boolean);
    const asTyped = draft.chain((d) =>
      fc
        .array(fc.record({ name: typed(5), locked: fc.boolean(), relationships: fc.array(tag) }), {
          maxLength: 3,
        })
        .map((character_relationships) => ({ ...d, character_relationships })),
    );
    fc.assert(fc.property(asTyped, (d) => void expect(entryDraftOf(entryFields(d))).toEqual(d)));
    expect(entryDraftOf(entryFields(emptyEntryDraft()))).toEqual(emptyEntryDraft());
  });
});
