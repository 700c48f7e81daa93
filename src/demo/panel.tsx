import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { OAUTH_PURPOSE } from './codes';
import { db } from './db';
import { clearSavedDatabase } from './persistence';
import { SCENARIO_NAMES, SCENARIOS, type ScenarioName } from './scenarios';
import { SCENARIO_STORAGE_KEY, type MockStartResult } from './browser';
import './dev-panel.css';

/**
 * A small panel for reviewers and QA, present only in mock mode: the scenarios (with
 * links that switch to them), a reset of the demo data, and the latest verification codes
 * the mock "sent" (so phone and e-mail login work without a phone).
 */
export function mountDevPanel(result: MockStartResult) {
  document.getElementById('mock-panel-launcher')?.remove();
  const host = document.createElement('div');
  host.id = 'mock-dev-panel';
  document.body.appendChild(host);
  createRoot(host).render(<DevPanel result={result} />);
}

function useLatestCodes() {
  // Codes arrive through handlers; a light poll keeps the panel honest without coupling.
  const [, force] = useState(0);
  useEffect(() => {
    const t = window.setInterval(() => force((n) => n + 1), 1000);
    return () => window.clearInterval(t);
  }, []);
  return db.codes
    .all()
    .filter((c) => !c.used && c.purpose !== OAUTH_PURPOSE)
    .sort((a, b) => b.sent_at - a.sent_at)
    .slice(0, 3);
}

function DevPanel({ result }: { result: MockStartResult }) {
  const { t } = useTranslation('dev');
  const [open, setOpen] = useState(false);
  // The launcher in main.tsx asks for the panel to open once it has loaded.
  useEffect(() => {
    const onOpen = () => setOpen(true);
    document.addEventListener('mock-panel:open', onOpen);
    return () => document.removeEventListener('mock-panel:open', onOpen);
  }, []);
  const codes = useLatestCodes();
  const active = result.scenarios.join(',');

  function switchTo(names: ScenarioName[]) {
    const url = new URL(window.location.href);
    url.searchParams.set('scenario', names.join(','));
    window.location.assign(url.toString());
  }

  function resetData() {
    clearSavedDatabase();
    localStorage.removeItem(SCENARIO_STORAGE_KEY);
    for (const key of Object.keys(localStorage))
      if (key.startsWith('pro_')) localStorage.removeItem(key);
    const url = new URL(window.location.href);
    url.searchParams.delete('scenario');
    window.location.assign(url.toString());
  }

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
          <p className="dev-panel__muted">{active ? t('active', { names: active }) : t('none')}</p>
          {result.unknownScenarios.length ? (
            <p role="alert">{t('unknown', { names: result.unknownScenarios.join(', ') })}</p>
          ) : null}
          <h3>{t('codes')}</h3>
          {codes.length ? (
            <ul>
              {codes.map((c) => (
                <li key={c.codeid}>
                  <code>{c.code}</code> → {c.target}
                </li>
              ))}
            </ul>
          ) : (
            <p className="dev-panel__muted">{t('noCodes')}</p>
          )}
          <h3>{t('scenarios')}</h3>
          <ul className="dev-panel__list">
            {SCENARIO_NAMES.map((name) => (
              <li key={name}>
                <button type="button" className="dev-panel__link" onClick={() => switchTo([name])}>
                  {name}
                </button>
                <span className="dev-panel__muted">
                  {' '}
                  {t(`scenario.${name}`)} · {t(`kind.${SCENARIOS[name].kind}`)}
                </span>
              </li>
            ))}
          </ul>
          <div className="dev-panel__actions">
            <button type="button" onClick={() => switchTo([])}>
              {t('clear')}
            </button>
            <button type="button" onClick={resetData}>
              {t('reset')}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
