import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@mocks/server';
import { changeLanguage, i18next } from '@/lib/i18n';
import { credentialsReceived } from '@/core/session-slice';
import { testStore } from '@/testing/test-store';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { errorFromAnswer, errorOfResponse, normaliseError, type ApiError } from '@/core/api-error';
import { errorText, registerErrorMessages, resolveErrorMessage } from './error-messages';
import { CHAT_ENDPOINTS } from './exploration';
import { streamChatTurn } from './exploration/chat-stream';
// The tag modules register what their codes mean.
import.meta.glob('./*/index.ts', { eager: true });
import exploredSource from './exploration/exploration.gen.ts?raw';

const err = (over: Partial<ApiError>): ApiError => ({
  status: 400,
  code: null,
  serverMessage: null,
  kind: 'client',
  ...over,
});

const t = (key: string, values?: Record<string, string | number>) =>
  String(i18next.t(key, values ?? {}));

describe('resolveErrorMessage: what failed', () => {
  it('tells a network failure, a timeout and a server failure apart', () => {
    expect(resolveErrorMessage('x', err({ status: 0, kind: 'network' })).key).toBe(
      'errors:network',
    );
    expect(resolveErrorMessage('x', err({ status: 0, kind: 'timeout' })).key).toBe(
      'errors:timeout',
    );
    expect(resolveErrorMessage('x', err({ status: 500, kind: 'server' })).key).toBe(
      'errors:server',
    );
    expect(resolveErrorMessage('x', err({ status: 503, kind: 'server' })).key).toBe(
      'errors:server',
    );
  });

  it('a 5xx never blames the network, whatever its code, and names its error_id', () => {
    const failed = errorFromAnswer(500, {
      error_code: 0,
      error_msg: 'internal',
      content: null,
      error_id: 'err_42',
    });
    expect(failed).toMatchObject({ kind: 'server', errorId: 'err_42', status: 500 });
    expect(resolveErrorMessage('chargeShare', failed)).toEqual({
      key: 'errors:serverWithId',
      text: null,
      values: { id: 'err_42' },
    });
    // A 5xx that carries a refusal's code is still the service failing.
    expect(
      resolveErrorMessage('chargeShare', errorFromAnswer(500, { error_code: 42203 })).key,
    ).toBe('errors:server');
  });

  it('the words differ in Chinese and English, with the id filled in', async () => {
    const texts = (['network', 'timeout', 'server'] as const).map((kind) =>
      errorText('x', err({ status: kind === 'server' ? 502 : 0, kind }), t),
    );
    expect(new Set(texts).size).toBe(3);
    expect(texts[0]).toBe('网络连接失败，请检查网络后重试');
    expect(texts[2]).not.toContain('网络');
    const withId = errorText('x', errorFromAnswer(500, { error_code: 50000, error_id: 'e1' }), t);
    expect(withId).toContain('e1');
    expect(withId).not.toContain('{{');
    await changeLanguage('en');
    try {
      expect(errorText('x', err({ status: 500, kind: 'server', errorId: 'e2' }), t)).toBe(
        'The service failed. Please try again later (error ID: e2)',
      );
      expect(errorText('x', err({ status: 0, kind: 'timeout' }), t)).toMatch(/timed out/);
    } finally {
      await changeLanguage('zh');
    }
  });

  it('the base query and the streaming clients read failures the same way', async () => {
    expect(normaliseError({ status: 'FETCH_ERROR', error: 'x' }).kind).toBe('network');
    expect(normaliseError({ status: 'TIMEOUT_ERROR', error: 'x' }).kind).toBe('timeout');
    const body = { error_code: 50000, error_msg: 'boom', content: null, error_id: 'err_9' };
    const fromQuery = normaliseError({ status: 500, data: body });
    const fromStream = await errorOfResponse(Response.json(body, { status: 500 }));
    expect(fromStream).toEqual(fromQuery);
    expect(fromStream.errorId).toBe('err_9');
    expect((await errorOfResponse(new Response('not json', { status: 502 }))).kind).toBe('server');
  });

  it('resolves one code differently per endpoint', () => {
    registerErrorMessages('getWorld', { 40403: 'errors:test.worldMissing' });
    registerErrorMessages('getStory', { 40403: 'errors:test.boundWorldMissing' });
    expect(resolveErrorMessage('getWorld', err({ status: 404, code: 40403 })).key).toBe(
      'errors:test.worldMissing',
    );
    expect(resolveErrorMessage('getStory', err({ status: 404, code: 40403 })).key).toBe(
      'errors:test.boundWorldMissing',
    );
  });

  it('falls back to the shared meaning, then the server text, then a generic message', () => {
    expect(resolveErrorMessage('any', err({ status: 422, code: 42203 })).key).toBe(
      'errors:code.42203',
    );
    expect(
      resolveErrorMessage('any', err({ status: 422, code: 49999, serverMessage: 'nope' })),
    ).toEqual({ key: null, text: 'nope' });
    expect(resolveErrorMessage('any', err({ status: 418, code: 49999 })).key).toBe(
      'errors:generic',
    );
  });
});

/** Spec 2 §8, "Exploration errors". */
const EXPLORATION_CODES = [40413, 42236, 42212, 42224, 40411, 42247, 40308, 40404, 40408];
/** Spec 2 §8, "Charge errors". */
const CHARGE_CODES: Record<number, string> = {
  40325: 'charging:errors.ownWork',
  42244: 'charging:errors.messageTooLong',
  42203: 'charging:errors.sensitive',
  40406: 'charging:errors.shareMissing',
  40417: 'charging:errors.optionMissing',
};

describe('every documented code of chat, payment and charging calls has its message', () => {
  it('lists every generated chat call', () => {
    const generated = [...exploredSource.matchAll(/^ {6}(\w+): build\.\w+/gm)].map((m) => m[1]);
    expect(generated.length).toBeGreaterThan(20);
    expect(CHAT_ENDPOINTS).toEqual(expect.arrayContaining(generated));
  });

  it.each(CHAT_ENDPOINTS)('%s: every exploration code, translated and filled in', (endpoint) => {
    for (const code of EXPLORATION_CODES) {
      const failure = err({ status: Math.floor(code / 100), code, serverMessage: 'raw server' });
      const resolved = resolveErrorMessage(endpoint, failure);
      expect(resolved.key, `${endpoint} ${code}`).toMatch(/^exploration:errors\./);
      const text = errorText(endpoint, failure, t);
      expect(text, `${endpoint} ${code}`).not.toContain('{{');
      expect(text).not.toBe('raw server');
      expect(i18next.exists(resolved.key!, { lng: 'en' })).toBe(true);
    }
  });

  it('a refused send names its limit and the deleted role entry or record', () => {
    const send = (code: number) =>
      errorText('sendChatMessage', err({ status: 422, code, serverMessage: 'raw' }), t);
    expect(send(42224)).toBe(`请输入内容，最多 ${EXPLORATION_LIMITS.input} 字。`);
    expect(send(40404)).toBe('该角色词条已被删除。');
    expect(send(40411)).toBe(t('exploration:errors.recordDeleted'));
    // A stream's error event for a played option keeps its own meaning.
    expect(resolveErrorMessage('playChatOption', err({ status: 404, code: 40411 })).key).toBe(
      'exploration:errors.optionGone',
    );
    expect(resolveErrorMessage('loadChatArchive', err({ status: 404, code: 40411 })).key).toBe(
      'exploration:errors.archiveMissing',
    );
  });

  it('every charge code of spec 2 §8 maps to its own message on the charge call', () => {
    for (const [code, key] of Object.entries(CHARGE_CODES)) {
      const failure = err({ status: Math.floor(Number(code) / 100), code: Number(code) });
      expect(resolveErrorMessage('chargeShare', failure).key).toBe(key);
      expect(errorText('chargeShare', failure, t)).not.toContain('{{');
    }
  });

  it('payment and charging calls name a server failure, not the network', () => {
    for (const endpoint of [
      'createOrder',
      'createPrepay',
      'getOrderStatus',
      'getPrepayStatus',
      'chargeShare',
      'listShareSupporters',
      'listUserSupporters',
      'sendChatMessage',
    ]) {
      const text = errorText(endpoint, err({ status: 500, kind: 'server', errorId: 'e' }), t);
      expect(text, endpoint).toBe(t('errors:serverWithId', { id: 'e' }));
    }
  });
});

describe('the streamed chat reply', () => {
  function signedInStore() {
    const store = testStore();
    store.dispatch(credentialsReceived({ uid: 'u1', access_token: 'tok', refresh_token: 'r1' }));
    return store;
  }
  const handlers = { onStart() {}, onDelta() {}, onOptions() {} };
  const turn = { chatId: 'c1', kind: 'message', content: 'Hi' } as const;

  it('a 500 before the stream is a server failure with its id', async () => {
    server.use(
      mswHttp.post('*/api/v2/chats/:chatId/messages', () =>
        HttpResponse.json(
          { error_code: 0, error_msg: 'down', content: null, error_id: 'err_s' },
          { status: 500 },
        ),
      ),
    );
    const failure: unknown = await streamChatTurn(turn, signedInStore(), handlers).catch(
      (e: unknown) => e,
    );
    expect(errorText('sendChatMessage', failure, t)).toBe(
      t('errors:serverWithId', { id: 'err_s' }),
    );
  });

  it('no answer at all is the network', async () => {
    server.use(mswHttp.post('*/api/v2/chats/:chatId/messages', () => HttpResponse.error()));
    const failure: unknown = await streamChatTurn(turn, signedInStore(), handlers).catch(
      (e: unknown) => e,
    );
    expect(errorText('sendChatMessage', failure, t)).toBe(t('errors:network'));
  });

  it('an error event with 40404 names the deleted role entry, not the server text', async () => {
    server.use(
      mswHttp.post(
        '*/api/v2/chats/:chatId/messages',
        () =>
          new HttpResponse(
            JSON.stringify({ event: 'error', error_code: 40404, error_msg: 'role entry deleted' }) +
              '\n',
            { headers: { 'Content-Type': 'application/x-ndjson' } },
          ),
      ),
    );
    const failure: unknown = await streamChatTurn(turn, signedInStore(), handlers).catch(
      (e: unknown) => e,
    );
    expect(errorText('sendChatMessage', failure, t)).toBe('该角色词条已被删除。');
  });
});
