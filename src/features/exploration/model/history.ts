import type { ChatMessage, ChatMessageList } from '@/api/exploration';

/**
 * A chat's history as the infinite query holds it: pages latest first (the first page the
 * latest messages), each page's messages latest first. The screen shows them oldest first and
 * writes what happens in the chat (a streamed turn, an edit, a recall) into these pages itself,
 * so the pages read while scrolling up are never fetched again.
 */
export interface HistoryPages {
  pages: ChatMessageList[];
  pageParams: string[];
}

/** Every message, oldest first, each once (a page boundary that moved may repeat one). */
export function chronological(pages: readonly ChatMessageList[]): ChatMessage[] {
  const seen = new Set<string>();
  const out: ChatMessage[] = [];
  for (let p = pages.length - 1; p >= 0; p--) {
    const data = pages[p]!.data;
    for (let i = data.length - 1; i >= 0; i--) {
      const message = data[i]!;
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

/**
 * New messages (oldest first) put at the latest end; a message already there is replaced in
 * place (a stopped reply stored again, a repeated `done`).
 */
export function addMessages(history: HistoryPages, messages: readonly ChatMessage[]): void {
  const first = history.pages[0];
  if (!first) {
    history.pages.push({
      data: [...messages].reverse(),
      paging: { has_prev: false, has_next: false, next: null },
    });
    history.pageParams.push('');
    return;
  }
  for (const message of messages) {
    if (replaceMessage(history, message)) continue;
    first.data.unshift(message);
  }
}

/** Replaces a message by id; false when it is not in the pages. */
export function replaceMessage(history: HistoryPages, message: ChatMessage): boolean {
  for (const page of history.pages) {
    const at = page.data.findIndex((m) => m.id === message.id);
    if (at >= 0) {
      page.data[at] = message;
      return true;
    }
  }
  return false;
}

/** Leaves out recalled messages (a recall answers the message and every later one). */
export function removeMessages(history: HistoryPages, ids: readonly string[]): void {
  const gone = new Set(ids);
  for (const page of history.pages) page.data = page.data.filter((m) => !gone.has(m.id));
}
