import { describe, expect, it } from 'vitest';
import {
  canSendCharge,
  chargeBody,
  chargeFormErrors,
  chargeGate,
  gateOfCode,
  isMessageCode,
  messageCount,
  TIP_MESSAGE_MAX,
} from './charge-form';

describe('chargeFormErrors', () => {
  it('requires an option', () => {
    expect(chargeFormErrors({ optionId: null, message: '' })).toEqual({ option: 'required' });
    expect(chargeFormErrors({ optionId: '', message: '' })).toEqual({ option: 'required' });
    expect(canSendCharge({ optionId: 'opt_100', message: '' })).toBe(true);
  });

  it('allows a message of 50 by the shared counter and refuses 51', () => {
    expect(TIP_MESSAGE_MAX).toBe(50);
    const fifty = '好'.repeat(50);
    expect(chargeFormErrors({ optionId: 'opt_100', message: fifty })).toEqual({});
    expect(chargeFormErrors({ optionId: 'opt_100', message: `${fifty}好` })).toEqual({
      message: 'tooLong',
    });
  });

  it('counts English per word, as the shared counter does (60 words are too many, 50 are not)', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'great').join(' ');
    expect(canSendCharge({ optionId: 'opt_100', message: words(50) })).toBe(true);
    expect(canSendCharge({ optionId: 'opt_100', message: words(60) })).toBe(false);
  });

  it('reports both problems together', () => {
    expect(chargeFormErrors({ optionId: null, message: '字'.repeat(51) })).toEqual({
      option: 'required',
      message: 'tooLong',
    });
  });
});

describe('messageCount', () => {
  it('counts the trimmed message and says when it is over', () => {
    expect(messageCount('  你好  ')).toEqual({ count: 2, max: 50, over: false });
    expect(messageCount('字'.repeat(51)).over).toBe(true);
  });
});

describe('chargeBody', () => {
  it('sends the trimmed message only when there is one', () => {
    expect(chargeBody('s1', { optionId: 'opt_500', message: '  ' })).toEqual({
      share_id: 's1',
      option_id: 'opt_500',
    });
    expect(chargeBody('s1', { optionId: 'opt_500', message: ' 加油 ' })).toEqual({
      share_id: 's1',
      option_id: 'opt_500',
      message: '加油',
    });
  });
});

describe('the gates', () => {
  it('a guest logs in first; nobody tips themself', () => {
    expect(chargeGate(null, 'u_a')).toBe('login');
    expect(chargeGate('u_a', 'u_a')).toBe('self');
    expect(chargeGate('u_b', 'u_a')).toBeNull();
  });

  it('own work, members only and new users come from the server codes', () => {
    expect(gateOfCode(40325)).toBe('self');
    expect(gateOfCode(40335)).toBe('membersOnly');
    expect(gateOfCode(40336)).toBe('newUser');
    for (const code of [42244, 42203, 40406, 40417, 40260, null])
      expect(gateOfCode(code)).toBeNull();
  });

  it('the message codes belong to the message field', () => {
    expect(isMessageCode(42244)).toBe(true);
    expect(isMessageCode(42203)).toBe(true);
    expect(isMessageCode(40417)).toBe(false);
  });
});
