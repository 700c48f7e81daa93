import { http, HttpResponse, type RequestHandler } from 'msw';
import { apiError } from './http';
import { listPayments, paymentOut, settlePayment } from './payments';

/**
 * The payer's side of the mock payments (openapi/mock-admin.yaml, tag `payments`): list the
 * orders and prepays, and pay or cancel a pending one the way a phone that scanned the QR would.
 * The mock panel lists pending payments with a "pay" button; tests and e2e use the same calls.
 */

const STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];

export function paymentAdminHandlers(path: (p: string) => string): RequestHandler[] {
  const settle = (outcome: 'paid' | 'cancelled') =>
    async function ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) {
      const id = decodeURIComponent(String(params.id ?? ''));
      const result = await settlePayment(id, outcome);
      if (!result.ok && result.reason === 'missing')
        return apiError(40421, `no such order or prepay: ${id}`, null, 404);
      if (!result.ok)
        return apiError(40921, `the payment is ${result.payment!.status}, not pending`, {
          status: result.payment!.status,
        });
      return HttpResponse.json({
        payment: paymentOut(result.payment, new URL(request.url).origin),
      });
    };
  return [
    http.get(path('payments'), async ({ request }) => {
      const raw = new URL(request.url).searchParams.get('status');
      if (raw !== null && !STATUSES.includes(raw as Status))
        return apiError(42290, `status must be one of ${STATUSES.join(', ')}`, null, 422);
      const rows = await listPayments((raw as Status | null) ?? null);
      const origin = new URL(request.url).origin;
      return HttpResponse.json({ payments: rows.map((p) => paymentOut(p, origin)) });
    }),
    http.post(path('payments/:id/pay'), settle('paid')),
    http.post(path('payments/:id/cancel'), settle('cancelled')),
  ];
}
