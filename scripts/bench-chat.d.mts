import type { Page } from 'playwright-core';

/** Types of scripts/bench-chat.mjs for the e2e spec that shares its measurements. */
export declare const CHAT_BUDGET: { rows: number; longTaskMs: number; ratio: number };

export declare function sessionFetch(
  page: Page,
  path: string,
  init?: { method?: string; body?: string },
): Promise<{ status: number; body: unknown }>;

export declare function navigateInApp(page: Page, path: string): Promise<void>;

export interface LongChatOpen {
  chatId: string;
  longestTaskMs: number;
  longTasks: number;
  shownMs: number;
  rowsAtOpen: number;
}
export declare function openLongChat(
  page: Page,
  origin: string,
  options?: { from?: string },
): Promise<LongChatOpen>;

export declare function scrollToFirstMessage(
  page: Page,
  options?: { timeoutMs?: number },
): Promise<{ maxRows: number; messages: number }>;

export interface KeyTimes {
  p95: number;
  median: number;
  n: number;
  values: number[];
}
export declare function openBareTextarea(page: Page): Promise<void>;
export declare function openSeededChat(page: Page, origin: string): Promise<string>;
export declare function typingWhileStreaming(
  barePage: Page,
  chatPage: Page,
  options?: { chatFirst?: boolean },
): Promise<{ bare: KeyTimes; chat: KeyTimes; streamedThrough: number }>;

export declare function runChatBench(options?: {
  dist?: string;
  runs?: number;
  log?: (line: string) => void;
}): Promise<unknown>;
export declare function chatBudgetRows(figures: unknown): string[][];
