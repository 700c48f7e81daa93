import { describe, expect, it } from 'vitest';
import { emptyEntryDraft, type EntryDraft } from '@/rules/world-form-rules';
import {
  entryDraftOf,
  entryFields,
  relationshipRowsOf,
  relationshipRowsText,
} from './entry-fields';

const character: EntryDraft = {
  ...emptyEntryDraft('character'),
  name: '林月',
  description: '少年剑客。',
  character_status: 'dead',
  character_age: 'youth',
  character_gender: 'female',
  is_recommended: true,
  character_target: '找到师父',
  character_relationships: [
    { name: '白鹤', locked: true, relationships: ['师徒', '挚友'] },
    { name: '青衣', locked: false, relationships: [] },
  ],
};

describe('an entry as durable text', () => {
  it('reads back every field, the rows and the choices included', () => {
    const fields = entryFields(character);
    expect(Object.values(fields).every((v) => typeof v === 'string')).toBe(true);
    expect(entryDraftOf(fields)).toEqual(character);
    expect(entryDraftOf(entryFields(emptyEntryDraft()))).toEqual(emptyEntryDraft());
  });

  it('keeps the tags as typed, and a row a tab or line break was pasted into stays one row', () => {
    const text = relationshipRowsText([
      { name: '白\t鹤', tags: '师徒, 挚友\n', locked: false },
      { name: '', tags: '', locked: true },
    ]);
    expect(relationshipRowsOf(text)).toEqual([
      { name: '白 鹤', tags: '师徒, 挚友 ', locked: false },
      { name: '', tags: '', locked: true },
    ]);
    expect(entryDraftOf({ relationships: text }).character_relationships[0]?.relationships).toEqual(
      ['师徒', '挚友'],
    );
  });

  it('falls back to the defaults where a kept or merged copy holds nothing valid', () => {
    expect(
      entryDraftOf({
        type: 'villain',
        character_age: '',
        character_gender: 'x',
        is_recommended: 'yes',
      }),
    ).toEqual(emptyEntryDraft());
  });
});
