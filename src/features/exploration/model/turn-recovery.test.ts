import { describe, expect, it } from 'vitest';
import type { ChatMessage, PlayedOption } from '@/api/exploration';
import type { ChatTurn } from '@/api/exploration/chat-stream';
import { awaitingReply, optionsAfter, resolveTurn, restoresInput } from './turn-recovery';

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 'p1',
  chat_id: 'c1',
  role: 'player',
  speaker_id: null,
  speaker_name: '',
  content: '我们出发吧',
  state: 'complete',
  option_id: null,
  edited: false,
  created_at: 1,
  updated_at: 1,
  ...over,
});
const option = (id: string): PlayedOption => ({
  id,
  chat_id: 'c1',
  text: `choice ${id}`,
  reply_id: 'r0',
  played_at: null,
});
const offer = [option('o1'), option('o2'), option('o3')];
const typed: ChatTurn = { chatId: 'c1', kind: 'message', content: '我们出发吧' };
const played: ChatTurn = { chatId: 'c1', kind: 'option', optionId: 'o2' };
const retry: ChatTurn = { chatId: 'c1', kind: 'retry', messageId: 'p1' };

describe('the message awaiting a reply', () => {
  it("is the chat's latest message when it is the player's", () => {
    expect(awaitingReply(message({}))?.id).toBe('p1');
    expect(awaitingReply(message({ role: 'character', speaker_name: 'Ava' }))).toBeNull();
    expect(awaitingReply(message({ role: 'narrator' }))).toBeNull();
    expect(awaitingReply(undefined)).toBeNull();
  });

  it('a typed message repeating it (the text kept in the input) asks for its reply instead', () => {
    const awaiting = message({});
    expect(resolveTurn(typed, awaiting)).toEqual(retry);
    expect(resolveTurn({ ...typed, content: '  我们出发吧\n' }, awaiting)).toEqual(retry);
    expect(resolveTurn({ ...typed, content: '换个说法' }, awaiting)).toEqual({
      ...typed,
      content: '换个说法',
    });
    expect(resolveTurn(typed, null)).toBe(typed);
    expect(resolveTurn(played, awaiting)).toBe(played);
  });
});

describe('the options on offer after a turn', () => {
  it('a stored reply brings its own (none in free mode)', () => {
    expect(optionsAfter(offer, typed, { kind: 'done', options: [option('n1')] })).toEqual([
      option('n1'),
    ]);
    expect(optionsAfter(offer, played, { kind: 'done', options: [] })).toEqual([]);
  });

  it('a failure keeps the offer, less an option the server stored as played', () => {
    expect(optionsAfter(offer, typed, { kind: 'failed', refused: false })).toEqual(offer);
    expect(optionsAfter(offer, retry, { kind: 'failed', refused: false })).toEqual(offer);
    expect(optionsAfter(offer, played, { kind: 'failed', refused: false })).toEqual([
      option('o1'),
      option('o3'),
    ]);
    // Refused before anything was stored: the played option is still on offer.
    expect(optionsAfter(offer, played, { kind: 'failed', refused: true })).toEqual(offer);
  });

  it('a stopped reply kept ends the offer; a stop before any text keeps it', () => {
    expect(optionsAfter(offer, typed, { kind: 'stopped', replyKept: true })).toEqual([]);
    expect(optionsAfter(offer, typed, { kind: 'stopped', replyKept: false })).toEqual(offer);
  });
});

describe('the typed text', () => {
  it('comes back when the stored message is left without a reply by a failure', () => {
    expect(restoresInput(typed, { kind: 'failed', refused: false })).toBe(true);
    expect(restoresInput(retry, { kind: 'failed', refused: false })).toBe(true);
  });

  it('not after a refusal (never taken out), a stop, a reply, or for an option', () => {
    expect(restoresInput(typed, { kind: 'failed', refused: true })).toBe(false);
    expect(restoresInput(typed, { kind: 'stopped', replyKept: false })).toBe(false);
    expect(restoresInput(typed, { kind: 'done', options: [] })).toBe(false);
    expect(restoresInput(played, { kind: 'failed', refused: false })).toBe(false);
  });
});
