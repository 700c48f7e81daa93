import { useCallback, useEffect, useId, useRef, useSyncExternalStore, type Dispatch } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { paths } from '@/config/paths';
import { cardPrice, CONTINUATION_CARDS } from '@/rules/continuation';
import {
  canRedo,
  canUndo,
  LENGTH_OPTIONS,
  selectCurrentCard,
  type AiAction,
  type AiModel,
  type AiWritingState,
} from '../model/ai-writing';
import type { StreamSink } from '../model/stream-sink';
import { useRiskWarning } from '../hooks/use-risk-warning';
import { SceneCharacters, useSceneCharacters } from './scene-characters';
import './ai-panel.css';

export interface AiPanelProps {
  state: AiWritingState;
  dispatch: Dispatch<AiAction>;
  /** Live text of the cards while they stream, painted at the writer's pace (stream-sink.ts). */
  stream?: StreamSink;
  error: ApiError | null;
  /** Power balance, or null while unknown. */
  balance: number | null;
  /** Only blank text before the caret: the opening card is free. */
  openingFree: boolean;
  /** The chapter's story: its bound world's characters can be chosen for the scene. */
  storyId?: string;
  /** Starts a continuation with the scene's chosen characters (empty: the AI picks). */
  onStart: (regenerate: boolean, characterIds: string[]) => void;
  onModel: (model: AiModel) => void;
  onLength: (length: number) => void;
  /** Inserts the card at the caret; false when it was refused (limit). */
  onInsert: (nodeid: string, value: string) => boolean;
  onUndo: (nodeid: string) => boolean;
  onRedo: (nodeid: string) => boolean;
  /** A message for the writer (refusals), shown in the panel's live region. */
  onNotice: (message: string) => void;
}

/** The continuation panel: settings, the button with its price, streamed cards, history. */
export function AiPanel(props: AiPanelProps) {
  const { state, dispatch, error, balance, openingFree } = props;
  const { t } = useTranslation('writing');
  const ids = { length: useId(), model: useId(), title: useId() };
  // Spec 2 §1: the length is charged per delivered card (up to CONTINUATION_CARDS); the
  // button needs one card's price, since the server writes no more cards than it can charge.
  const cost = cardPrice(state.length, openingFree);
  const short = balance !== null && cost > balance;
  const noPower = short || error?.code === 40260;
  const card = selectCurrentCard(state);
  const streaming = state.status === 'streaming';
  const [characterIds, setCharacterIds] = useSceneCharacters();
  // Risk refusals from the 3rd hit of the hour, and the suspension, open the warn dialog.
  useRiskWarning(error);

  // 清空 goes with the cards it cleared: the keyboard moves to 续写, the panel's next step.
  const start = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || state.status !== 'idle') return;
    refocus.current = false;
    start.current?.focus();
  }, [state.status]);

  const insert = () => {
    if (!card) return;
    if (props.onInsert(card.nodeid, card.value))
      dispatch({ type: 'inserted', nodeid: card.nodeid });
    else props.onNotice(t('ai.errors.tooLong'));
  };
  const undo = () => {
    const last = state.inserted.at(-1);
    if (last && props.onUndo(last)) dispatch({ type: 'undone' });
  };
  const redo = () => {
    const last = state.undone.at(-1);
    if (!last) return;
    if (props.onRedo(last)) dispatch({ type: 'redone' });
    else props.onNotice(t('ai.errors.tooLong'));
  };

  return (
    <section className="ai-panel" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="ai-panel__title">
        {t('ai.title')}
      </h2>
      <div className="ai-panel__settings">
        <label className="field" htmlFor={ids.length}>
          <span className="field__label">{t('ai.length')}</span>
          <select
            id={ids.length}
            className="select-control"
            value={state.length}
            disabled={streaming}
            onChange={(e) => props.onLength(Number(e.target.value))}
          >
            {LENGTH_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className="field" htmlFor={ids.model}>
          <span className="field__label">{t('ai.model')}</span>
          <select
            id={ids.model}
            className="select-control"
            value={state.model}
            disabled={streaming}
            onChange={(e) => props.onModel(e.target.value as AiModel)}
          >
            <option value="v1">{t('ai.models.v1')}</option>
            <option value="v2">{t('ai.models.v2')}</option>
          </select>
        </label>
      </div>
      {props.storyId ? (
        <SceneCharacters
          storyId={props.storyId}
          value={characterIds}
          onChange={setCharacterIds}
          disabled={streaming}
        />
      ) : null}

      {state.status === 'idle' ? (
        <>
          <p className="ai-panel__hint">{t('ai.idle')}</p>
          {cost > 0 ? (
            <p className="ai-panel__hint">
              {t('ai.price', {
                cost,
                cards: CONTINUATION_CARDS,
                total: cost * CONTINUATION_CARDS,
              })}
            </p>
          ) : null}
          <button
            ref={start}
            type="button"
            className="button button--primary button--block"
            disabled={noPower && cost > 0}
            onClick={() => props.onStart(false, characterIds)}
          >
            {openingFree ? t('ai.opening') : t('ai.continue', { cost })}
          </button>
        </>
      ) : null}

      {streaming ? (
        <div className="ai-panel__stream" aria-busy="true">
          <p role="status">{t('ai.streaming')}</p>
          {state.cards.map((c, i) => (
            <StreamingCard
              key={c?.nodeid ?? i}
              index={i}
              value={c?.value ?? ''}
              sink={props.stream}
            />
          ))}
        </div>
      ) : null}

      {state.status === 'ready' && card ? (
        <div className="ai-panel__cards" role="group" aria-label={t('ai.cards')}>
          <div className="ai-panel__nav">
            <button
              type="button"
              className="icon-button"
              aria-label={t('ai.previous')}
              disabled={state.current === 0}
              onClick={() => dispatch({ type: 'previousCard' })}
            >
              ‹
            </button>
            <span aria-live="polite">
              {t('ai.cardOf', { index: state.current + 1, total: state.cards.length })}
            </span>
            <button
              type="button"
              className="icon-button"
              aria-label={t('ai.next')}
              disabled={state.current >= state.cards.length - 1}
              onClick={() => dispatch({ type: 'nextCard' })}
            >
              ›
            </button>
          </div>
          <p className="ai-card">{card.value}</p>
          <div className="ai-panel__actions">
            <button type="button" className="button button--primary" onClick={insert}>
              {t('ai.insert')}
            </button>
            <button
              type="button"
              className="button"
              disabled={noPower && cost > 0}
              onClick={() => props.onStart(true, characterIds)}
            >
              {t('ai.regenerate', { cost })}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                refocus.current = true;
                dispatch({ type: 'cleared' });
              }}
            >
              {t('ai.clear')}
            </button>
          </div>
        </div>
      ) : null}

      <div className="ai-panel__actions">
        <button type="button" className="button" disabled={!canUndo(state)} onClick={undo}>
          {t('ai.undo')}
        </button>
        <button type="button" className="button" disabled={!canRedo(state)} onClick={redo}>
          {t('ai.redo')}
        </button>
      </div>
      {canUndo(state) ? <p className="ai-panel__hint">{t('ai.noRefund')}</p> : null}

      {error && error.code !== 40260 ? (
        <p className="field__error" role="alert">
          {errorText('continueWriting', error, t)}
        </p>
      ) : null}
      {noPower && cost > 0 ? (
        <p className="ai-panel__buy" role="alert">
          {t('ai.errors.noPower')} <Link to={paths.dashboard.package.getHref()}>{t('ai.buy')}</Link>
        </p>
      ) : null}

      {state.history.length > 0 ? (
        <details className="ai-panel__history">
          <summary>{t('ai.history')}</summary>
          <ul>
            {state.history.map((h) => (
              <li key={h.nodeid} className="ai-card ai-card--history">
                {h.value}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/**
 * A card as it streams: it shows what the stream sink last painted (the sink decides when, so
 * that the pieces do not commit beside every keystroke, see stream-sink.ts); `value` is what
 * React state holds (stories, or text that arrived before this card was shown).
 */
function StreamingCard({
  index,
  value,
  sink,
}: {
  index: number;
  value: string;
  sink?: StreamSink;
}) {
  const subscribe = useCallback(
    (onPaint: () => void) => sink?.subscribe(index, onPaint) ?? (() => undefined),
    [sink, index],
  );
  const painted = useSyncExternalStore(subscribe, () => sink?.painted(index) ?? '');
  // Both are the start of the same text: the longer one is the more complete.
  return (
    <p className="ai-card ai-card--streaming">{painted.length > value.length ? painted : value}</p>
  );
}
