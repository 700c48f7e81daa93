import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AppStore } from '@/app/store';
import { testStore } from '@/testing/test-store';
import { credentialsReceived } from '@/core/session-slice';
import { server } from '@mocks/server';
import { STREAM_BROKEN } from '../ndjson-stream';
import { streamChatTurn, turnEndpoint, turnPath, type ChatTurn } from './chat-stream';
import type { ChatMessage } from './exploration.gen';

const player: ChatMessage = {
  id: 'm1',
  chat_id: 'c1',
  role: 'player',
  speaker_id: null,
  speaker_name: '',
  content: 'Hello',
  state: 'complete',
  option_id: null,
  edited: false,
  created_at: 1,
  updated_at: 1,
};
const reply: ChatMessage = {
  ...player,
  id: 'm2',
  role: 'character',
  speaker_id: 'e1',
  speaker_name: 'Ava',
  content: 'Welcome, traveller.',
};

function ndjson(lines: object[], tail = '') {
  return new HttpResponse(lines.map((e) => JSON.stringify(e) + '\n').join('') + tail, {
    headers: { 'Content-Type': 'application/x-ndjson' },
  });
}

function signedInStore(): AppStore {
  const store = testStore();
  store.dispatch(credentialsReceived({ uid: 'u1', access_token: 'tok', refresh_token: 'r1' }));
  return store;
}

function collect() {
  const seen = { start: [] as string[], text: [] as string[], options: [] as string[] };
  return {
    seen,
    handlers: {
      onStart: (m: ChatMessage, replyId: string, _s: string | null, speaker: string) =>
        void seen.start.push(`${m.id}>${replyId}:${speaker}`),
      onDelta: (t: string) => void seen.text.push(t),
      onOptions: (o: { text: string }[]) => void seen.options.push(...o.map((x) => x.text)),
    },
  };
}

const MESSAGE: ChatTurn = { chatId: 'c1', kind: 'message', content: 'Hello' };

afterEach(() => server.events.removeAllListeners());

describe('streamChatTurn', () => {
  it('reads start, deltas, options and done; sends the session headers and the body', async () => {
    const bodies: unknown[] = [];
    const auth: (string | null)[] = [];
    server.use(
      http.post('*/api/v2/chats/c1/messages', async ({ request }) => {
        bodies.push(await request.json());
        auth.push(request.headers.get('authorization'));
        return ndjson(
          [
            {
              event: 'start',
              player_message: player,
              reply_id: 'm2',
              speaker_id: 'e1',
              speaker_name: 'Ava',
            },
            { event: 'delta', text: 'Welcome, ' },
            { event: 'delta', text: 'traveller.' },
            {
              event: 'options',
              options: [
                { id: 'o1', chat_id: 'c1', text: 'Go north', reply_id: 'm2', played_at: null },
              ],
            },
          ],
          // The last line arrives without its newline.
          JSON.stringify({ event: 'done', message: reply, charged: 2 }),
        );
      }),
    );
    const { seen, handlers } = collect();
    const done = await streamChatTurn(MESSAGE, signedInStore(), handlers);
    expect(done).toEqual({ message: reply, charged: 2 });
    expect(seen).toEqual({
      start: ['m1>m2:Ava'],
      text: ['Welcome, ', 'traveller.'],
      options: ['Go north'],
    });
    expect(bodies).toEqual([{ content: 'Hello' }]);
    expect(auth).toEqual(['Bearer tok']);
  });

  it('posts a played option to played_options', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v2/chats/c1/played_options', async ({ request }) => {
        bodies.push(await request.json());
        return ndjson([{ event: 'done', message: reply, charged: 1 }]);
      }),
    );
    const turn: ChatTurn = { chatId: 'c1', kind: 'option', optionId: 'o1' };
    await expect(streamChatTurn(turn, signedInStore(), collect().handlers)).resolves.toEqual({
      message: reply,
      charged: 1,
    });
    expect(bodies).toEqual([{ option_id: 'o1' }]);
    expect(turnEndpoint(turn)).toBe('playChatOption');
    expect(turnPath(turn)).toBe('/api/v2/chats/c1/played_options');
  });

  it('a refusal before the stream is the ApiError of its code', async () => {
    server.use(
      http.post('*/api/v2/chats/c1/messages', () =>
        HttpResponse.json(
          { error_code: 42236, error_msg: 'model paused', content: null },
          { status: 422 },
        ),
      ),
    );
    await expect(
      streamChatTurn(MESSAGE, signedInStore(), collect().handlers),
    ).rejects.toMatchObject({ status: 422, code: 42236, kind: 'client' });
  });

  it('an error event fails the reply with its code (nothing charged)', async () => {
    server.use(
      http.post('*/api/v2/chats/c1/messages', () =>
        ndjson([
          { event: 'delta', text: 'Wel' },
          { event: 'error', error_code: 40420, error_msg: 'the reply failed', charged: 0 },
        ]),
      ),
    );
    await expect(
      streamChatTurn(MESSAGE, signedInStore(), collect().handlers),
    ).rejects.toMatchObject({ code: 40420, serverMessage: 'the reply failed' });
  });

  it('a stream that ends without done was cut: 40420', async () => {
    server.use(
      http.post('*/api/v2/chats/c1/messages', () => ndjson([{ event: 'delta', text: 'Wel' }])),
    );
    await expect(streamChatTurn(MESSAGE, signedInStore(), collect().handlers)).rejects.toBe(
      STREAM_BROKEN,
    );
  });

  it('a stop (abort) rejects with the abort reason', async () => {
    server.use(
      http.post('*/api/v2/chats/c1/messages', () => {
        const encoder = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              encoder.encode(JSON.stringify({ event: 'delta', text: 'W' }) + '\n'),
            );
          },
        });
        return new HttpResponse(stream, { headers: { 'Content-Type': 'application/x-ndjson' } });
      }),
    );
    const stop = new AbortController();
    const { seen, handlers } = collect();
    const run = streamChatTurn(MESSAGE, signedInStore(), handlers, stop.signal);
    await expect.poll(() => seen.text.length).toBe(1);
    const reason = new DOMException('stopped', 'AbortError');
    stop.abort(reason);
    await expect(run).rejects.toBe(reason);
  });
});
