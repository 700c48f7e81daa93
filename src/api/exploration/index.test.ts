import { describe, expect, it } from 'vitest';
import en from '@/locales/en/exploration.json';
import zh from '@/locales/zh/exploration.json';
import type { ApiError } from '@/core/api-error';
import { resolveErrorMessage } from '../error-messages';
import { transFailureText } from './index';

const err = (code: number, status = Math.floor(code / 100)): ApiError => ({
  status,
  code,
  serverMessage: 'server text',
  kind: 'client',
});

const lookup = (tree: unknown, key: string) =>
  key
    .replace(/^exploration:/, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

/** Every exploration code of spec 2 §8 (and the contract's), by the operation that answers it. */
const CODES: [string, number][] = [
  ['sendChatMessage', 40413],
  ['sendChatMessage', 42236],
  ['sendChatMessage', 42224],
  ['sendChatMessage', 42247],
  ['sendChatMessage', 40260],
  ['sendChatMessage', 40420],
  ['sendChatMessage', 40408],
  ['playChatOption', 40411],
  ['playChatOption', 42247],
  ['setChatModel', 40413],
  ['setChatModel', 42236],
  ['editChatMessage', 40308],
  ['editChatMessage', 40411],
  ['editChatMessage', 42224],
  ['recallChatMessage', 40308],
  ['recallChatMessage', 40411],
  ['branchChatFromMessage', 40308],
  ['addChatForbiddenWord', 42212],
  ['addChatForbiddenWord', 40301],
  ['getChatEntry', 40404],
  ['updateChatEntry', 40404],
  ['deleteChatEntry', 40404],
  ['getChat', 40408],
  ['listChatHistoryPages', 40408],
  ['loadChatArchive', 40411],
  ['newStartChatGame', 40403],
  ['sendChatToDesk', 40330],
  ['sendChatToDesk', 40402],
  ['sendChatToDesk', 40418],
  ['sendChatToDesk', 42224],
];

describe('exploration error messages', () => {
  it.each(CODES)('%s %i has its own message in zh and en', (endpoint, code) => {
    const { key } = resolveErrorMessage(endpoint, err(code));
    expect(key).toMatch(/^exploration:errors\./);
    expect(lookup(en, key!)).toEqual(expect.any(String));
    expect(lookup(zh, key!)).toEqual(expect.any(String));
  });

  it('one code means different things by operation', () => {
    expect(resolveErrorMessage('playChatOption', err(40411)).key).not.toBe(
      resolveErrorMessage('loadChatArchive', err(40411)).key,
    );
    expect(resolveErrorMessage('recallChatMessage', err(40308)).key).not.toBe(
      resolveErrorMessage('editChatMessage', err(40308)).key,
    );
  });

  it('the 3.0 acknowledgement failure with error_code 0 shows its text; others resolve as usual', () => {
    expect(transFailureText({ ...err(0, 500), serverMessage: 'Conversion failed (E12)' })).toBe(
      'Conversion failed (E12)',
    );
    expect(transFailureText({ ...err(0, 500), serverMessage: null })).toBeNull();
    expect(transFailureText(err(40103, 401))).toBeNull();
    expect(transFailureText(new Error('x'))).toBeNull();
  });
});
