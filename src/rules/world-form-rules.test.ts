import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countText, isTooLong } from '@/rules/text-count';
import { ENTRY_LIMITS, WORLD_LIMITS } from './world-form-limits';
import {
  checkBackground,
  checkEntry,
  checkForbiddenWord,
  checkTitle,
  emptyEntryDraft,
  isCharacterName,
  type EntryDraft,
} from './world-form-rules';

const han = fc.constantFrom(...'山水林月风云天地人心剑书');
const hanText = (min: number, max: number) =>
  fc.array(han, { minLength: min, maxLength: max }).map((a) => a.join(''));
const allowedNameChar = fc.oneof(han, fc.constantFrom(...'abcXYZ019（）／・'));
const characterName = fc
  .array(allowedNameChar, { minLength: 1, maxLength: 20 })
  .map((a) => a.join(''));
const character = (over: Partial<EntryDraft> = {}): EntryDraft => ({
  ...emptyEntryDraft('character'),
  name: '林月',
  ...over,
});

describe('the text counter', () => {
  it('counts each Chinese character once and each Latin word once', () => {
    fc.assert(
      fc.property(
        hanText(0, 50),
        fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 10 }),
        (zh, words) => {
          expect(countText(zh + ' ' + words.join(' '))).toBe([...zh].length + words.length);
        },
      ),
    );
  });

  it('never counts more than the raw length, and joining never lowers the count below either part', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(countText(a)).toBeLessThanOrEqual(a.length);
        expect(countText(a + ' ' + b)).toBe(countText(a) + countText(b));
      }),
    );
  });

  it('is too long exactly when the count or ten times the limit is exceeded', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 60 }), (text, limit) => {
        expect(isTooLong(text, limit)).toBe(countText(text) > limit || text.length > limit * 10);
      }),
    );
  });
});

describe('world checks', () => {
  it('accepts titles of 1-20 counted characters and refuses longer or blank ones', () => {
    fc.assert(fc.property(hanText(1, 20), (t) => void expect(checkTitle(t)).toBeNull()));
    fc.assert(
      fc.property(
        hanText(21, 40),
        (t) => void expect(checkTitle(t)).toBe('worlds:errors.titleTooLong'),
      ),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^\s*$/),
        (t) => void expect(checkTitle(t)).toBe('worlds:errors.titleRequired'),
      ),
    );
  });

  it('limits the background to 3000', () => {
    expect(checkBackground('字'.repeat(WORLD_LIMITS.background))).toBeNull();
    expect(checkBackground('字'.repeat(WORLD_LIMITS.background + 1))).toBe(
      'worlds:errors.backgroundTooLong',
    );
  });

  it('accepts a new word of 1-10 characters while fewer than 20 are listed', () => {
    fc.assert(
      fc.property(
        hanText(1, 10),
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,10}$/), { maxLength: 19 }),
        (word, existing) => void expect(checkForbiddenWord(word, existing)).toBeNull(),
      ),
    );
  });

  it('refuses blank, long, repeated words and a 21st word', () => {
    fc.assert(
      fc.property(
        hanText(11, 30),
        (w) => void expect(checkForbiddenWord(w, [])).toBe('worlds:errors.wordTooLong'),
      ),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z]{1,10}$/),
        (w) =>
          void expect(checkForbiddenWord(` ${w.toUpperCase()} `, [w.toLowerCase()])).toBe(
            'worlds:errors.wordDuplicate',
          ),
      ),
    );
    expect(checkForbiddenWord('  ', [])).toBe('worlds:errors.wordRequired');
    const twenty = Array.from({ length: WORLD_LIMITS.forbiddenWords }, (_, i) => `w${i}`);
    expect(checkForbiddenWord('新词', twenty)).toBe('worlds:errors.wordsFull');
  });
});

describe('entry checks', () => {
  it('accepts any character name of allowed characters up to 20', () => {
    fc.assert(
      fc.property(characterName, (name) => {
        expect(isCharacterName(name)).toBe(true);
        expect(checkEntry(character({ name }))).toEqual({});
      }),
    );
  });

  it('refuses a character name with any other character', () => {
    fc.assert(
      fc.property(
        characterName,
        fc.constantFrom('_', '-', '!', '@', '。', '😀', '(', '/'),
        (name, bad) => {
          expect(checkEntry(character({ name: name.slice(0, 10) + bad })).name).toBe(
            'worlds:errors.nameChars',
          );
        },
      ),
    );
  });

  it('needs a name or a description, and a name that is not only spaces', () => {
    expect(checkEntry(emptyEntryDraft()).name).toBe('worlds:errors.nameOrDescription');
    expect(checkEntry({ ...emptyEntryDraft(), description: '一把剑' })).toEqual({});
    expect(checkEntry({ ...emptyEntryDraft(), name: '   ', description: 'x' }).name).toBe(
      'worlds:errors.nameBlank',
    );
    expect(checkEntry(character({ name: '' })).name).toBe('worlds:errors.nameRequired');
  });

  it('limits name, description and goal by the counter', () => {
    fc.assert(
      fc.property(hanText(0, 80), (text) => {
        const errors = checkEntry(
          character({ name: '林', description: text.repeat(5), character_target: text }),
        );
        expect(!!errors.description).toBe(isTooLong(text.repeat(5), ENTRY_LIMITS.description));
        expect(!!errors.target).toBe(isTooLong(text, ENTRY_LIMITS.target));
      }),
    );
    expect(checkEntry({ ...emptyEntryDraft(), name: '名'.repeat(21) }).name).toBe(
      'worlds:errors.nameTooLong',
    );
  });

  it('ignores character-only fields of a normal entry', () => {
    fc.assert(
      fc.property(hanText(31, 60), (goal) => {
        expect(
          checkEntry({ ...emptyEntryDraft(), name: 'Sword_1', character_target: goal }),
        ).toEqual({});
      }),
    );
  });

  it('allows at most 9 relationships, none to the entry itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), (n) => {
        const list = Array.from({ length: n }, (_, i) => ({
          name: `角色${i}`,
          locked: false,
          relationships: ['友'],
        }));
        const errors = checkEntry(character({ character_relationships: list }));
        expect(errors.relationships ?? null).toBe(
          n > 9 ? 'worlds:errors.relationshipsTooMany' : null,
        );
      }),
    );
    const self = [{ name: ' 林月 ', locked: true, relationships: [] }];
    expect(checkEntry(character({ character_relationships: self })).relationships).toBe(
      'worlds:errors.relationshipSelf',
    );
    const twice = [
      { name: '白鹤', locked: false, relationships: [] },
      { name: '白鹤', locked: false, relationships: [] },
    ];
    expect(checkEntry(character({ character_relationships: twice })).relationships).toBe(
      'worlds:errors.relationshipDuplicate',
    );
    const badTag = [{ name: '白鹤', locked: false, relationships: ['一二三四五六七八九十一'] }];
    expect(checkEntry(character({ character_relationships: badTag })).relationships).toBe(
      'worlds:errors.tagTooLong',
    );
  });
});
