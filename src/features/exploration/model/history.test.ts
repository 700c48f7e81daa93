import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatMessageList } from '@/api/exploration';
import {
  addMessages,
  chronological,
  removeMessages,
  replaceMessage,
  type HistoryPages,
} from './history';

const msg = (id: string, content = id): ChatMessage => ({
  id,
  chat_id: 'c',
  role: 'player',
  speaker_id: null,
  speaker_name: '',
  content,
  state: 'complete',
  option_id: null,
  edited: false,
  created_at: 0,
  updated_at: 0,
});
const page = (...ids: string[]): ChatMessageList => ({
  data: ids.map((id) => msg(id)),
  paging: { has_prev: false, has_next: true, next: '/next' },
});
const history = (...pages: ChatMessageList[]): HistoryPages => ({
  pages,
  pageParams: pages.map((_, i) => String(i)),
});
const ids = (h: HistoryPages) => chronological(h.pages).map((m) => m.id);

describe('chat history pages', () => {
  it('reads pages latest first into one list oldest first, each message once', () => {
    const h = history(page('m6', 'm5', 'm4'), page('m4', 'm3', 'm2'), page('m1'));
    expect(ids(h)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
  });

  it('adds new messages at the latest end, in their order', () => {
    const h = history(page('m2', 'm1'));
    addMessages(h, [msg('m3'), msg('m4')]);
    expect(ids(h)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('replaces a message that is already there instead of repeating it', () => {
    const h = history(page('m2', 'm1'));
    addMessages(h, [msg('m2', 'stored again')]);
    expect(chronological(h.pages).map((m) => m.content)).toEqual(['m1', 'stored again']);
  });

  it('starts a first page for a chat without messages', () => {
    const h: HistoryPages = { pages: [], pageParams: [] };
    addMessages(h, [msg('a'), msg('b')]);
    expect(ids(h)).toEqual(['a', 'b']);
    expect(h.pages[0]!.paging.has_next).toBe(false);
  });

  it('replaces an edited message on any page; false when it is not loaded', () => {
    const h = history(page('m3', 'm2'), page('m1'));
    expect(replaceMessage(h, msg('m1', 'edited'))).toBe(true);
    expect(chronological(h.pages)[0]!.content).toBe('edited');
    expect(replaceMessage(h, msg('m9'))).toBe(false);
  });

  it('removes recalled messages from every page', () => {
    const h = history(page('m4', 'm3'), page('m2', 'm1'));
    removeMessages(h, ['m2', 'm3', 'm4']);
    expect(ids(h)).toEqual(['m1']);
  });
});
