import type { BackendNotice } from '../backend';

/**
 * Messages between a page and the demo's backend worker. The page side is in
 * src/demo/socket-bridge.ts; both import these types, nothing else.
 */
export type PageToWorker =
  | { type: 'claim' }
  | { type: 'ws:open'; id: string; protocol: string | null }
  | { type: 'ws:close'; id: string }
  | { type: 'ws:ping'; ids: string[] };

export type WorkerToPage =
  | { type: 'notice'; notice: BackendNotice }
  | { type: 'ws:opened'; id: string; protocol: string | null }
  | { type: 'ws:message'; id: string; data: string }
  | { type: 'ws:close'; id: string; code: number; reason: string };
