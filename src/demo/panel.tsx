import { createInstance } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { clock as appClock } from '@/lib/clock';
import { formatDate } from '@/lib/date-format';
import {
  createAdminClient,
  type MockClock,
  type MockPayment,
  type ScenarioList,
  type SentCode,
} from '@mocks/admin-client';
import { OUTSIDE_MODALS } from '@/components/ui/dialog/modal-layer';
import { storage, STORAGE_KEYS } from '@/lib/storage';
import en from './locales/en/dev.json';
import zh from './locales/zh/dev.json';
import panelCss from './panel.css?inline';

/**
 * The mock panel for reviewers and QA, a bundle of its own (mock-panel.js) that the demo's
 * host script loads when the panel is first opened, so the app's pages never carry it. It
 * speaks only the admin API: scenarios, faults, the verification codes "sent", pending payments
 * to pay or cancel as the payer's phone would, the mock clock and a reset of the demo data for
 * every tab.
 */
const admin = createAdminClient();
const HOUR_MS = 3_600_000;

function useAdmin() {
  const [list, setList] = useState<ScenarioList | null>(null);
  const [codes, setCodes] = useState<SentCode[]>([]);
  const [clock, setClock] = useState<MockClock | null>(null);
  const [payments, setPayments] = useState<MockPayment[]>([]);
  const [latency, setLatency] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      const [l, c, k, p, lat] = await Promise.all([
        admin.listScenarios(),
        admin.readCodes(),
        admin.readClock(),
        admin.listPayments('pending'),
        admin.readLatency(),
      ]);
      setList(l);
      setCodes(c);
      setClock(k);
      setPayments(p);
      setLatency(lat);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);
  useEffect(() => {
    // Codes arrive through other calls: a light poll while the panel is open.
    const tick = () => void refresh();
    const first = appClock.setTimeout(tick, 0);
    const timer = appClock.setInterval(tick, 1000);
    return () => {
      appClock.clearTimeout(first);
      appClock.clearInterval(timer);
    };
  }, [refresh]);
  return { list, codes, clock, payments, latency, error, refresh, setError };
}

function reloadWith(names: string[] | null) {
  const url = new URL(window.location.href);
  if (names === null) url.searchParams.delete('scenario');
  else url.searchParams.set('scenario', names.join(','));
  window.location.assign(url.toString());
}

function Panel({ unknown }: { unknown: string[] }) {
  const { t, i18n } = useTranslation('dev');
  const [open, setOpen] = useState(true);
  const { list, codes, clock, payments, latency, error, refresh, setError } = useAdmin();
  const act = (run: () => Promise<unknown>) => () =>
    run().then(refresh, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  const faults = list?.faults ?? [];

  return (
    <div className="dev-panel">
      <button
        type="button"
        className="dev-panel__toggle"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {t('toggle')}
        {codes.length ? <span className="dev-panel__badge">{codes.length}</span> : null}
      </button>
      {open ? (
        <section className="dev-panel__body" aria-label={t('title')}>
          <h2>{t('title')}</h2>
          <p className="dev-panel__muted">
            {faults.length ? t('active', { names: faults.join(', ') }) : t('none')}
          </p>
          {unknown.length ? (
            <p role="alert">{t('unknown', { names: unknown.join(', ') })}</p>
          ) : null}
          {error ? <p role="alert">{t('error', { message: error })}</p> : null}
          <h3>{t('codes')}</h3>
          {codes.length ? (
            <ul>
              {codes.map((c) => (
                <li key={`${c.target}-${c.sent_at}`}>
                  <code>{c.code}</code> → {c.target}
                </li>
              ))}
            </ul>
          ) : (
            <p className="dev-panel__muted">{t('noCodes')}</p>
          )}
          <h3>{t('payments')}</h3>
          {payments.length ? (
            <ul className="dev-panel__list">
              {payments.map((p) => (
                <li key={p.id}>
                  {t('paymentRow', {
                    product: p.product_name,
                    price: p.price,
                    method: t(`payType.${p.pay_type === 2 ? 'alipay' : 'weixin'}`),
                    user: p.uid,
                  })}
                  <div className="dev-panel__actions">
                    <button
                      type="button"
                      aria-label={t('payLabel', { id: p.id })}
                      onClick={act(() => admin.payPayment(p.id))}
                    >
                      {t('pay')}
                    </button>
                    <button
                      type="button"
                      aria-label={t('cancelPaymentLabel', { id: p.id })}
                      onClick={act(() => admin.cancelPayment(p.id))}
                    >
                      {t('cancelPayment')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="dev-panel__muted">{t('noPayments')}</p>
          )}
          <h3>{t('clock')}</h3>
          <p className="dev-panel__muted">
            {clock
              ? t('clockNow', {
                  time: formatDate(clock.now_ms, i18n.language, 'short', { time: true }),
                  hours: Math.round(clock.offset_ms / HOUR_MS),
                })
              : '…'}
          </p>
          <div className="dev-panel__actions">
            <button type="button" onClick={act(() => admin.moveClock(HOUR_MS))}>
              {t('clockHour')}
            </button>
            <button type="button" onClick={act(() => admin.moveClock(24 * HOUR_MS))}>
              {t('clockDay')}
            </button>
          </div>
          <label className="dev-panel__check">
            <input
              type="checkbox"
              checked={latency ?? true}
              disabled={latency === null}
              onChange={(event) => void act(() => admin.setLatency(event.target.checked))()}
            />{' '}
            {t('latency')}
          </label>
          <h3>{t('scenarios')}</h3>
          <ul className="dev-panel__list">
            {(list?.scenarios ?? []).map(({ name, kind }) => (
              <li key={name}>
                <button
                  type="button"
                  className="dev-panel__link"
                  onClick={() => reloadWith([name])}
                >
                  {name}
                </button>
                <span className="dev-panel__muted">
                  {' '}
                  {t(`scenario.${name}`)} · {t(`kind.${kind}`)}
                </span>
              </li>
            ))}
          </ul>
          <div className="dev-panel__actions">
            <button
              type="button"
              onClick={() => void admin.clearFaults().then(() => reloadWith(null), setError)}
            >
              {t('clear')}
            </button>
            {/* Every open tab reloads when the backend says it was reset (src/demo/register.ts). */}
            <button type="button" onClick={act(() => admin.resetData())}>
              {t('reset')}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function mount(unknown: string[]) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: storage.get<string>(STORAGE_KEYS.lang) === 'en' ? 'en' : 'zh',
    fallbackLng: 'zh',
    resources: { zh: { dev: zh }, en: { dev: en } },
    defaultNS: 'dev',
    interpolation: { escapeValue: false },
  });
  const style = document.createElement('style');
  style.textContent = panelCss;
  document.head.appendChild(style);
  const host = document.createElement('div');
  host.id = 'mock-dev-panel';
  // Usable while an app dialog (say the ban, which cannot be dismissed) makes the page inert.
  host.setAttribute(OUTSIDE_MODALS, '');
  document.body.appendChild(host);
  createRoot(host).render(
    <I18nextProvider i18n={i18n}>
      <Panel unknown={unknown} />
    </I18nextProvider>,
  );
}

let mounted = false;
window.__mockPanel = {
  open(unknown) {
    if (mounted) return;
    mounted = true;
    mount(unknown);
  },
};
