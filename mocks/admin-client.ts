/**
 * The admin API from the outside (openapi/mock-admin.yaml): the same calls for the mock
 * panel, `?scenario=` in the URL, Vitest, the e2e suite and API tools. `base` is the API
 * origin (default: this page's); each call rejects with the server's message on a refusal.
 */
export interface ScenarioInfo {
  name: string;
  kind: 'fault' | 'state';
}

export interface ScenarioList {
  scenarios: ScenarioInfo[];
  /** Fault scenarios in force (remembered until cleared). */
  faults: string[];
}

export interface AppliedScenarios {
  applied: string[];
  faults: string[];
  /** The session a starting state opened (signed-in), for the client to install. */
  session: { uid: string; accessToken: string; refreshToken: string } | null;
}

export interface SentCode {
  code: string;
  target: string;
  purpose: string;
  sent_at: number;
}

export interface MockClock {
  now_ms: number;
  offset_ms: number;
}

export interface SocketConnection {
  protocol: string | null;
  uid: string | null;
  accepted: boolean;
  at: number;
}

export type MockPaymentStatus = 'pending' | 'paid' | 'expired' | 'cancelled';

/** An order or prepay as the payer's side sees it (openapi/mock-admin.yaml `MockPayment`). */
export interface MockPayment {
  /** The order number or the prepay token. */
  id: string;
  kind: 'order' | 'prepay';
  uid: string;
  product_id: string;
  product_name: string;
  product_type: 'subscription' | 'pack';
  price: number;
  pay_type: number;
  status: MockPaymentStatus;
  created_at: number;
  expires_at: number;
  payment_link: string;
}

export const ADMIN_PATH = '/__mock';

export class AdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly content: unknown,
  ) {
    super(message);
  }
}

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${ADMIN_PATH}/${path}`, {
    method,
    // Every write says JSON, a body or none: the backend refuses any other admin write, since
    // only a JSON content type keeps another site's page from sending it (request-guard.ts).
    headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const err = data as { error_msg?: string; content?: unknown } | null;
    throw new AdminError(
      response.status,
      err?.error_msg ?? `admin ${method} ${path}: HTTP ${response.status}`,
      err?.content ?? null,
    );
  }
  return data as T;
}

const here = () => (typeof location === 'undefined' ? '' : location.origin);

export function createAdminClient(base: string = here()) {
  return {
    listScenarios: () => call<ScenarioList>(base, 'GET', 'scenarios'),
    /**
     * Applies scenarios: state ones change the data once, fault ones stay until cleared.
     * `replaceFaults`: the named faults replace those in force (what `?scenario=` does).
     */
    applyScenarios: (names: string[], options: { replaceFaults?: boolean } = {}) =>
      call<AppliedScenarios>(base, 'POST', 'scenarios', {
        names,
        replace_faults: options.replaceFaults ?? false,
      }),
    clearFaults: () => call<ScenarioList>(base, 'DELETE', 'scenarios'),
    /** Back to the seed for every tab; open pages are told to drop their local data. */
    resetData: () => call<{ reset: true }>(base, 'POST', 'reset'),
    importState: (state: unknown) => call<{ imported: true }>(base, 'POST', 'import', state),
    readCodes: () => call<{ codes: SentCode[] }>(base, 'GET', 'codes').then((r) => r.codes),
    readClock: () => call<MockClock>(base, 'GET', 'clock'),
    moveClock: (shiftMs: number) => call<MockClock>(base, 'POST', 'clock', { shift_ms: shiftMs }),
    readLatency: () => call<{ enabled: boolean }>(base, 'GET', 'latency').then((r) => r.enabled),
    /** Realistic latency on or off (null: the host's default); kept with the data. */
    setLatency: (enabled: boolean | null) =>
      call<{ enabled: boolean }>(base, 'PUT', 'latency', { enabled }).then((r) => r.enabled),
    socketConnections: () =>
      call<{ connections: SocketConnection[] }>(base, 'GET', 'sockets').then((r) => r.connections),
    /** Orders and prepays, newest first; `status` keeps one state (the panel: pending). */
    listPayments: (status?: MockPaymentStatus) =>
      call<{ payments: MockPayment[] }>(
        base,
        'GET',
        status ? `payments?status=${status}` : 'payments',
      ).then((r) => r.payments),
    /** Pays a pending order (order number) or prepay (token) as the payer's phone would. */
    payPayment: (id: string) =>
      call<{ payment: MockPayment }>(base, 'POST', `payments/${encodeURIComponent(id)}/pay`).then(
        (r) => r.payment,
      ),
    /** The payer cancels a pending order or prepay. */
    cancelPayment: (id: string) =>
      call<{ payment: MockPayment }>(
        base,
        'POST',
        `payments/${encodeURIComponent(id)}/cancel`,
      ).then((r) => r.payment),
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;
