/**
 * What the exploration handler tests share: starting a game as the client does and reading a
 * reply stream line by line. Imported only by tests.
 */
import { expect } from 'vitest';
import { type Answer, type Auth, call, ORIGIN } from './test-client';

/** The author's world shared by link: three recommended characters, one with a goal. */
export const AUTHOR_WORLD = 'w_fbzlyqetbq';
/** Its recommended characters (宋茗泽, 庞兰英, 季擎苍 whose goal is 揭开身世之谜). */
export const AUTHOR_WORLD_CAST = ['e_j8hbgj2w5s', 'e_5ysmvhaorm', 'e_wq46lvara6'];
/** The author's private world (one recommended character, 马静). */
export const PRIVATE_WORLD = 'w_3i100zobla';
/** Another author's world on the square (recommended and alive: 庄凯瑞, 牛嘉懿). */
export const SHARED_WORLD_SHARE_ID = 's_xhuu517s7lhh';
export const SHARED_WORLD_RECOMMENDED = ['e_q6cmdjjfty', 'e_qj7w4szb86'];
/** A story of the author (not deleted) and the one in the recycle bin. */
export const AUTHOR_STORY = 'n_lcygh4duya';
export const TRASHED_STORY = 'n_jk0eivz21s';

export interface StreamResult {
  status: number;
  events: Array<Record<string, unknown>>;
  /** The stream broke before it ended. */
  broken: boolean;
  body: unknown;
}

/** Posts to a streaming endpoint and reads every line, the way the client does. */
export async function stream(
  path: string,
  body: unknown,
  auth: Auth,
  lang = 'zh',
): Promise<StreamResult> {
  const res = await fetch(ORIGIN + path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      lang,
      ostype: 'web',
      Authorization: `Bearer ${auth.access_token}`,
      uid: auth.uid,
    },
    body: JSON.stringify(body),
  });
  if (res.headers.get('Content-Type') !== 'application/x-ndjson')
    return { status: res.status, events: [], broken: false, body: await res.json() };
  // Chunk by chunk, so the lines that came before a break are kept.
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let broken = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    broken = true;
  }
  const events = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { status: res.status, events, broken, body: null };
}

export const send = (chatId: string, content: string, auth: Auth, lang = 'zh') =>
  stream(`/api/v2/chats/${chatId}/messages`, { content }, auth, lang);

export const play = (chatId: string, optionId: string, auth: Auth) =>
  stream(`/api/v2/chats/${chatId}/played_options`, { option_id: optionId }, auth);

/** Asks again for the reply to the player's message awaiting one (no body). */
export const retryReply = (chatId: string, messageId: string, auth: Auth) =>
  stream(`/api/v2/chats/${chatId}/msgs/${messageId}/reply`, undefined, auth);

/** The reply text of a stream: its deltas joined. */
export function replyText(result: StreamResult): string {
  return result.events
    .filter((e) => e.event === 'delta')
    .map((e) => e.text as string)
    .join('');
}

/** Starts a game of the author's link world (or `body`) and answers it. */
export async function startGame(
  auth: Auth,
  body: Record<string, unknown> = { universe_id: AUTHOR_WORLD },
): Promise<Answer['body']> {
  const answer = await call('POST', '/api/v2/chat_games/new_start', { body, auth });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}
