// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkResponse, offContract } from './contract-guard';

const ORIGIN = 'http://localhost:3000';
const createStory = new Request(`${ORIGIN}/api/v1/stories`, { method: 'POST' });

/** A story exactly as the contract's `Story` schema has it. */
const story = {
  id: 's_1',
  title: '长夜',
  chapter_count: 0,
  published_chapter_count: 0,
  word_count: 0,
  created_at: 1_760_000_000,
  updated_at: 1_760_000_000,
  share_status: 'private',
  share_id: 'sh_1',
  universe: null,
};

const error = (code: number) => ({ error_code: code, error_msg: 'refused', content: null });

const ndjson = (lines: unknown[]) =>
  new Response(lines.map((l) => JSON.stringify(l)).join('\n') + '\n', {
    headers: { 'Content-Type': 'application/x-ndjson' },
  });

describe('checkResponse', () => {
  it('accepts an answer the contract describes', async () => {
    expect(await checkResponse(createStory, Response.json(story))).toEqual([]);
    expect(await checkResponse(createStory, Response.json(error(42241), { status: 422 }))).toEqual(
      [],
    );
  });

  it('catches a status the operation does not document', async () => {
    expect(await checkResponse(createStory, Response.json(story, { status: 201 }))).toEqual([
      expect.stringContaining('createStory does not document HTTP 201'),
    ]);
  });

  it('catches a body missing a required field', async () => {
    const { share_id: _, ...withoutShareId } = story;
    expect(await checkResponse(createStory, Response.json(withoutShareId))).toEqual([
      "body must have required property 'share_id'",
    ]);
  });

  it('catches a field of the wrong type', async () => {
    expect(await checkResponse(createStory, Response.json({ ...story, word_count: '12' }))).toEqual(
      ['body/word_count must be integer'],
    );
  });

  it('catches an error code the operation does not list, or one off its status', async () => {
    expect(await checkResponse(createStory, Response.json(error(40330), { status: 403 }))).toEqual([
      expect.stringContaining('error_code 40330 is not in x-error-codes of createStory'),
    ]);
    expect(
      await checkResponse(createStory, Response.json(error(42241), { status: 400 })),
    ).toContain('error_code 42241 does not go with HTTP 400');
  });

  it('accepts the error_code 0 failure of spec 2 §8 as a 5xx with an error_id', async () => {
    const ack = new Request(`${ORIGIN}/api/v2/chat_game_trans_acknowledge`);
    const failure = { ...error(0), error_id: 'err_1' };
    expect(await checkResponse(ack, Response.json(failure, { status: 500 }))).toEqual([]);
    expect(await checkResponse(ack, Response.json(error(0), { status: 500 }))).toContain(
      "body must have required property 'error_id'",
    );
  });

  it('catches a body of a media type the response does not document', async () => {
    const html = new Response('<html>', { headers: { 'Content-Type': 'text/html' } });
    expect(await checkResponse(createStory, html)).toEqual([
      expect.stringContaining('is application/json, got text/html'),
    ]);
  });

  it('checks every line of a newline-delimited JSON stream', async () => {
    const continueWriting = new Request(`${ORIGIN}/api/v1/writing/continue`, { method: 'POST' });
    const good = [
      { event: 'card', index: 0, nodeid: 'n0' },
      { event: 'delta', index: 0, text: '夜' },
      { event: 'done', charged: 50 },
    ];
    expect(await checkResponse(continueWriting, ndjson(good))).toEqual([]);
    expect(await checkResponse(continueWriting, ndjson([...good, { event: 'finished' }]))).toEqual([
      expect.stringMatching(/^line 4\/event must be one of/),
    ]);
  });

  it('judges a request no operation takes by x-unmatched', async () => {
    const unknown = new Request(`${ORIGIN}/api/v1/no-such-endpoint`);
    expect(await checkResponse(unknown, Response.json(error(40400), { status: 404 }))).toEqual([]);
    expect(await checkResponse(unknown, Response.json(story))).toEqual([
      expect.stringContaining('x-unmatched.path does not document HTTP 200'),
    ]);
    const patchShare = new Request(`${ORIGIN}/api/v1/stories/s_1/share`, { method: 'PATCH' });
    expect(await checkResponse(patchShare, Response.json(error(40500), { status: 405 }))).toEqual([
      'x-unmatched.method requires the Allow header',
    ]);
  });

  it('checks the admin API against openapi/mock-admin.yaml', async () => {
    const clock = new Request(`${ORIGIN}/__mock/clock`);
    expect(await checkResponse(clock, Response.json({ now_ms: 1, offset_ms: 0 }))).toEqual([]);
    expect(await checkResponse(clock, Response.json({ now_ms: 'now', offset_ms: 0 }))).toEqual([
      'body/now_ms must be number',
    ]);
  });

  it('passes an answer a test marks as off the contract on purpose', async () => {
    const html = new Response('<html>', { headers: { 'Content-Type': 'text/html' } });
    expect(await checkResponse(createStory, offContract(html, 'an error page'))).toEqual([]);
  });

  it('leaves alone what is not the backend and failures of the network', async () => {
    const asset = new Request(`${ORIGIN}/assets/logo.svg`);
    expect(await checkResponse(asset, new Response('<svg/>'))).toEqual([]);
    expect(await checkResponse(createStory, Response.error())).toEqual([]);
  });
});
