import { describe, expect, it } from 'vitest';
import {
  REPORT_DESCRIPTION_MAX,
  reportDescriptionLength,
  reportDescriptionTooLong,
} from './report';

describe('report description', () => {
  it('counts as the shared counter does', () => {
    expect(reportDescriptionLength('抄袭了我的 story.')).toBe(7);
  });

  it('allows 200 and refuses 201', () => {
    expect(reportDescriptionTooLong('字'.repeat(REPORT_DESCRIPTION_MAX))).toBe(false);
    expect(reportDescriptionTooLong('字'.repeat(REPORT_DESCRIPTION_MAX + 1))).toBe(true);
  });
});
