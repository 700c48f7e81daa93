import { describe, expect, it } from 'vitest';
import { labCost as serverLabCost } from '@mocks/handlers/writing';
import { diffText } from './diff';
import { LAB_ACTIONS, labCost, labRefusal, type LabRequest } from './lab-rules';

const request = (over: Partial<LabRequest> = {}): LabRequest => ({
  action: 'rewrite',
  selection: '一段文字',
  instruction: '',
  inTitle: false,
  enabled: true,
  ...over,
});

describe('lab rules', () => {
  it('refuses before sending: closed, titles, nothing selected, over limit', () => {
    expect(labRefusal(request({ enabled: false }))).toBe('lab.errors.closed');
    expect(labRefusal(request({ inTitle: true }))).toBe('lab.titlesNotSupported');
    expect(labRefusal(request({ selection: '  ' }))).toBe('lab.selectText');
    expect(
      labRefusal(request({ action: 'custom', selection: '', instruction: '写雨夜' })),
    ).toBeNull();
    expect(labRefusal(request({ action: 'expand', selection: '字'.repeat(501) }))).toBe(
      'lab.errors.tooLong',
    );
    expect(labRefusal(request({ action: 'rewrite', selection: '字'.repeat(1000) }))).toBeNull();
    expect(labRefusal(request())).toBeNull();
  });

  it('shows the same price the server charges', () => {
    for (const action of LAB_ACTIONS) {
      for (const text of ['短', '字'.repeat(300), 'a few English words here']) {
        expect(labCost(action, text)).toBe(serverLabCost(action, text));
      }
    }
    expect(labCost('expand', '短')).toBe(500);
  });
});

describe('diff', () => {
  it('marks removed and added words, keeping what is shared', () => {
    expect(diffText('the cat sat', 'the dog sat')).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'cat' },
      { kind: 'added', text: 'dog' },
      { kind: 'same', text: ' sat' },
    ]);
  });

  it('diffs Chinese per character and rebuilds both sides', () => {
    const before = '他轻轻地说';
    const after = '他缓缓地低声道';
    const parts = diffText(before, after);
    expect(
      parts
        .filter((p) => p.kind !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe(after);
  });
});
