/** Types of fans-list.mjs (kept in plain JS so scripts/bench.mjs can run it on Node 20). */
import type { Page } from 'playwright-core';

export const FANS_ROUTE: string;
export const FANS_AT_LEAST: number;
export const FANS_BUDGET: { domRows: number; longestTaskMs: number };

export interface FansPhase {
  /** The most `.follow-row` elements in the DOM at any sample of the phase. */
  maxDomRows: number;
  longTasks: number;
  longestTaskMs: number;
  /** Each long task as `duration@start`, in ms from the phase's start. */
  tasks: string[];
  /** Scripts fetched during the phase, as `file@start`. */
  scripts: string[];
  samples: number;
}

export interface FansListFigures {
  /** Rows in the list once the end text showed. */
  rows: number;
  /** `aria-posinset` of the last rendered row after the wheel pass. */
  lastRow: number;
  loadMs: number;
  /** Loading every page by scrolling to the end of the list. */
  loading: FansPhase;
  scrollMs: number;
  steps: number;
  /** One pass through the loaded list with the mouse wheel. */
  scrolling: FansPhase;
}

export function measureFansList(
  page: Page,
  origin: string,
  options?: {
    timeoutMs?: number;
    log?: (line: string) => void;
    wheelStep?: number;
    /** Jump through the loaded list in this many even steps instead of the wheel. */
    jumps?: number;
  },
): Promise<FansListFigures>;
