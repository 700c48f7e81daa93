import { describe, expect, it } from 'vitest';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { checkEdit, checkMessage, editLimit, lengthOf, sendsOnKey } from './input-rules';

const english = { supports_chinese: false };
const any = { supports_chinese: true };

describe('chat input rules', () => {
  it('sends trimmed text', () => {
    expect(checkMessage('  hello \n', any)).toEqual({ ok: true, text: 'hello' });
  });

  it('refuses empty and blank input (42224)', () => {
    expect(checkMessage('', any)).toEqual({ ok: false, problem: 'empty' });
    expect(checkMessage(' \n\t ', any)).toEqual({ ok: false, problem: 'empty' });
  });

  it('counts characters as the server does and refuses over the limit (42224)', () => {
    const max = EXPLORATION_LIMITS.input;
    expect(checkMessage('a'.repeat(max), any).ok).toBe(true);
    expect(checkMessage('a'.repeat(max + 1), any)).toEqual({ ok: false, problem: 'tooLong' });
    // An emoji is one character, not two UTF-16 units.
    expect(lengthOf('😀😀')).toBe(2);
    expect(checkMessage('😀'.repeat(max), any).ok).toBe(true);
  });

  it('refuses Chinese to a model that does not take it (42247), and only then', () => {
    expect(checkMessage('你好', english)).toEqual({ ok: false, problem: 'chinese' });
    expect(checkMessage('hello', english).ok).toBe(true);
    expect(checkMessage('你好', any).ok).toBe(true);
    expect(checkMessage('你好', null).ok).toBe(true);
  });

  it('edits: replies may be longer than player messages; never empty', () => {
    expect(editLimit('player')).toBe(EXPLORATION_LIMITS.input);
    expect(editLimit('character')).toBe(EXPLORATION_LIMITS.reply);
    const long = 'a'.repeat(EXPLORATION_LIMITS.input + 1);
    expect(checkEdit(long, 'player')).toEqual({ ok: false, problem: 'tooLong' });
    expect(checkEdit(long, 'narrator').ok).toBe(true);
    expect(checkEdit('  ', 'character')).toEqual({ ok: false, problem: 'empty' });
  });

  it('Enter sends; Shift+Enter and an IME composition do not', () => {
    expect(sendsOnKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(sendsOnKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(sendsOnKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnKey({ key: 'a', shiftKey: false })).toBe(false);
  });
});
