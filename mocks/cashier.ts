import { HttpResponse } from 'msw';
import type { PaymentRecord } from './db';
import { http } from './http';
import { findPayment, paymentLink, paymentOut, syncPayment } from './payments';

/**
 * The mock's cashier (openapi/api.yaml `getCashierPage`, mock only): the page a phone opens
 * from the order's QR or payment link, and where the alipay prepay page link leads. It shows
 * the product, the amount and the pay type with "Pay" and "Cancel", which call the admin API
 * (`POST /__mock/payments/{id}/pay` / `cancel`, openapi/mock-admin.yaml) as the payer's phone
 * would; the pay dialogs then see the status change by polling and by the socket push. Served
 * by the backend's own origin (the demo's service worker, the Node mock server).
 */

type Lang = 'zh' | 'en';

const STRINGS = {
  zh: {
    title: '收银台（模拟）',
    note: '模拟收银台：点击“支付”相当于手机扫码后完成付款。',
    product: '商品',
    amount: '金额',
    payType: '支付方式',
    order: '订单号',
    status: '状态',
    pay: '支付',
    cancel: '取消',
    working: '处理中…',
    paid: '已支付，可以回到应用了。',
    cancelled: '已取消。',
    expired: '已过期，请回到应用刷新二维码。',
    pending: '待支付',
    failed: '操作失败：',
    missing: '没有这笔订单。',
    types: { 2: '支付宝', 3: '微信支付' } as Record<number, string>,
  },
  en: {
    title: 'Cashier (mock)',
    note: 'A mock cashier: "Pay" does what paying on the phone after scanning the QR would.',
    product: 'Product',
    amount: 'Amount',
    payType: 'Pay with',
    order: 'Order',
    status: 'Status',
    pay: 'Pay',
    cancel: 'Cancel',
    working: 'Working…',
    paid: 'Paid. You can go back to the app.',
    cancelled: 'Cancelled.',
    expired: 'Expired. Go back to the app for a new code.',
    pending: 'Waiting for payment',
    failed: 'Could not do that: ',
    missing: 'There is no such payment.',
    types: { 2: 'Alipay', 3: 'WeChat Pay' } as Record<number, string>,
  },
} as const;

function langOf(request: Request): Lang {
  const asked = new URL(request.url).searchParams.get('lang');
  if (asked === 'en' || asked === 'zh') return asked;
  const accept = request.headers.get('Accept-Language') ?? '';
  return /^\s*en\b/i.test(accept) ? 'en' : 'zh';
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Yuan with trailing zeros trimmed, as the client shows prices. */
const yuan = (n: number) => `¥${Number(n.toFixed(2))}`;

function page(lang: Lang, title: string, main: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:24rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px}
h1{font-size:1.25rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}
dt{color:#52525b}dd{margin:0;font-weight:600}
.note{color:#52525b;font-size:.875rem}
.actions{display:flex;gap:.75rem;margin-top:1rem}
button{font:inherit;padding:.5rem 1.25rem;border-radius:8px;border:1px solid #a1a1aa;background:#fff;cursor:pointer}
button.pay{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
button:disabled{opacity:.6;cursor:default}
</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>`;
  return new HttpResponse(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

function paymentPage(lang: Lang, p: PaymentRecord): Response {
  const s = STRINGS[lang];
  const out = paymentOut(p, '', lang);
  const ended = { paid: s.paid, cancelled: s.cancelled, expired: s.expired } as const;
  const statusText = p.status === 'pending' ? s.pending : ended[p.status];
  const actions =
    p.status === 'pending'
      ? `<div class="actions">
<button type="button" class="pay" data-outcome="pay">${s.pay}</button>
<button type="button" data-outcome="cancel">${s.cancel}</button>
</div>
<script>
(function () {
  var id = ${JSON.stringify(p.id)};
  var text = ${JSON.stringify({ working: s.working, pay: s.paid, cancel: s.cancelled, failed: s.failed })};
  var status = document.getElementById('status');
  var buttons = document.querySelectorAll('button[data-outcome]');
  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      var outcome = button.getAttribute('data-outcome');
      buttons.forEach(function (b) { b.disabled = true; });
      status.textContent = text.working;
      fetch('/__mock/payments/' + encodeURIComponent(id) + '/' + outcome, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' }
      })
        .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
        .then(function (r) {
          if (r.ok) {
            status.textContent = text[outcome];
            document.getElementById('state').textContent = text[outcome];
            document.querySelector('.actions').remove();
          } else {
            status.textContent = text.failed + ((r.body && r.body.error_msg) || '');
          }
        })
        .catch(function (error) {
          status.textContent = text.failed + String(error);
          buttons.forEach(function (b) { b.disabled = false; });
        });
    });
  });
})();
</script>`
      : '';
  return page(
    lang,
    s.title,
    `<h1>${s.title}</h1>
<p class="note">${s.note}</p>
<dl>
<dt>${s.product}</dt><dd>${escapeHtml(out.product_name)}</dd>
<dt>${s.amount}</dt><dd>${yuan(out.price)}</dd>
<dt>${s.payType}</dt><dd>${s.types[p.pay_type] ?? String(p.pay_type)}</dd>
<dt>${s.order}</dt><dd>${escapeHtml(p.id)}</dd>
<dt>${s.status}</dt><dd id="state">${statusText}</dd>
</dl>
<p id="status" role="status"></p>
${actions}`,
  );
}

function missingPage(lang: Lang): Response {
  const s = STRINGS[lang];
  return page(lang, s.title, `<h1>${s.title}</h1>\n<p>${s.missing}</p>`, 404);
}

export const cashierHandlers = [
  /** The cashier: HTML for any payment (buttons only while pending), 404 for an unknown id. */
  http.get('/mock-pay/{id}', async ({ request, params }) => {
    const lang = langOf(request);
    const found = findPayment(params.id);
    if (!found) return missingPage(lang) as never;
    return paymentPage(lang, await syncPayment(found)) as never;
  }),

  /**
   * The alipay page link built from a prepay token (src/api/payment `alipayPageLink`): the
   * payment host sends the browser on to the cashier.
   */
  http.get('/api/v1/payment/v1/prepay/{token}/alipay', ({ request, params }) => {
    const found = findPayment(params.token);
    if (!found || found.kind !== 'prepay') return missingPage(langOf(request)) as never;
    const { origin, searchParams } = new URL(request.url);
    return HttpResponse.redirect(
      paymentLink(found, origin, searchParams.get('lang')),
      302,
    ) as never;
  }),
];
