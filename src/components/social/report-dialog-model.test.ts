import { describe, expect, it } from 'vitest';
import { REPORT_TYPES, reportErrorPlace, reportProblems } from './report-dialog-model';

describe('report dialog model', () => {
  it('lists every reason of the contract once', () => {
    expect(REPORT_TYPES).toEqual([
      'sexual',
      'violence',
      'politics',
      'infringement',
      'spam',
      'other',
    ]);
  });

  it('requires a type and at most 200 counted in the description', () => {
    expect(reportProblems({ type: null, description: '' })).toEqual({ type: 'required' });
    expect(reportProblems({ type: 'spam', description: '字'.repeat(200) })).toEqual({});
    expect(reportProblems({ type: 'spam', description: '字'.repeat(201) })).toEqual({
      description: 'tooLong',
    });
  });

  it('explains 42244 at the description and the other refusals above the buttons', () => {
    expect(reportErrorPlace(42244)).toBe('description');
    for (const code of [40324, 42245, 40406, 40407, 42200, null]) {
      expect(reportErrorPlace(code)).toBe('form');
    }
  });
});
