import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useGetLabQuotaQuery, useRunLabMutation, type LabResult } from '@/api/writing';
import { Field } from '@/components/ui/field/field';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { countText } from '@/rules/text-count';
import {
  INSTRUCTION_MAX,
  LAB_ACTIONS,
  labCost,
  labRefusal,
  type LabActionName,
} from '../model/lab-rules';
import type { LabTarget } from '../../editor/model/editor-api';
import { openRiskWarning } from '../../ai/hooks/use-risk-warning';
import { LabDiff } from './lab-diff';
import './lab-panel.css';
import { useOnceSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { DraftOffer } from '@/components/ui/field/draft-offer';
import { selectUid } from '@/core/session-slice';

const NO_INSTRUCTION = { instruction: '' };

export interface LabPanelProps {
  chapterId: string;
  /** The current selection's text (for the count and the price). */
  selection: string;
  /** The writer's last place was the chapter title. */
  inTitle: boolean;
  /** Takes the selection (or the caret) as the target of a run. */
  takeTarget: () => LabTarget;
  /** Shows a refusal or a success as a toast (spec 1 §8 names these toasts). */
  onToast: (message: string, type: 'error' | 'success') => void;
}

interface Pending {
  target: LabTarget;
  result: LabResult;
}

/** The lab: rewrite, expand, condense or a custom instruction on the selected text. */
export function LabPanel({ chapterId, selection, inTitle, takeTarget, onToast }: LabPanelProps) {
  const { t } = useTranslation('writing');
  const ids = { title: useId(), hint: useId() };
  const maxLength = useMaxLength(INSTRUCTION_MAX);
  const [action, setAction] = useState<LabActionName>('rewrite');
  // Durable text: a custom instruction is kept at every key and offered back after a reload
  // or a crash; once a run has sent it, it stays in the field with no copy left.
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `lab:${uid}` : null, NO_INSTRUCTION);
  const instruction = durable.values.instruction;
  // An instruction offered back opens the custom action it belongs to.
  const [shownOffer, setShownOffer] = useState(false);
  if (durable.offer !== null && !shownOffer) {
    setShownOffer(true);
    setAction('custom');
  }
  const [pending, setPending] = useState<Pending | null>(null);
  const { data: quota } = useGetLabQuotaQuery();
  const [runLab, { isLoading }] = useRunLabMutation();
  const enabled = quota?.enabled ?? true;
  const trialLeft = quota?.trial_left ?? 0;
  const cost = labCost(action, selection);

  async function run() {
    const refusal = labRefusal({ action, selection, instruction, inTitle, enabled });
    if (refusal) return onToast(t(refusal), 'error');
    const target = takeTarget();
    try {
      const result = await runLab({
        labBody: {
          chapter_id: chapterId,
          action,
          text: target.text,
          instruction: action === 'custom' ? instruction.trim() : '',
        },
      }).unwrap();
      setPending({ target, result });
      if (action === 'custom') durable.saved({ instruction });
    } catch (error) {
      // The failure was shown as a toast (its message resolved from the code); nothing changed.
      // Risky input from the 3rd hit of the hour, or the suspension: the warn dialog too.
      openRiskWarning(error);
      target.release();
    }
  }

  const running = useOnceSubmit(run);

  function accept() {
    if (!pending) return;
    if (pending.target.commit(pending.result.result)) onToast(t('lab.accepted'), 'success');
    else onToast(t('ai.errors.tooLong'), 'error');
    pending.target.release();
    setPending(null);
  }

  function discard() {
    pending?.target.release();
    setPending(null);
  }

  return (
    <section className="lab-panel" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="lab-panel__title">
        {t('lab.title')}
      </h2>
      {!enabled ? <p className="field__hint">{t('lab.errors.closed')}</p> : null}
      <fieldset className="lab-panel__actions" disabled={isLoading || pending !== null}>
        <legend className="visually-hidden">{t('lab.title')}</legend>
        {LAB_ACTIONS.map((a) => (
          <label key={a} className="lab-panel__action">
            <input
              type="radio"
              name={`${ids.title}-action`}
              value={a}
              checked={action === a}
              onChange={() => setAction(a)}
            />
            {t(`lab.actions.${a}`)}
          </label>
        ))}
      </fieldset>
      {action === 'custom' ? <DraftOffer draft={durable} /> : null}
      {action === 'custom' ? (
        <Field
          label={t('lab.instruction')}
          error={maxLength.message}
          hint={t('common:maxLength.counter', {
            count: countText(instruction),
            max: INSTRUCTION_MAX,
          })}
        >
          {(control) => (
            <textarea
              {...control}
              ref={maxLength.ref}
              rows={2}
              placeholder={t('lab.instructionPlaceholder')}
              value={instruction}
              onChange={(e) => durable.set('instruction', e.target.value)}
            />
          )}
        </Field>
      ) : null}
      <p id={ids.hint} className="field__hint">
        {selection.trim()
          ? t('lab.selection', { count: countText(selection) })
          : t('lab.noSelection')}
      </p>
      <button
        type="button"
        className="button button--primary button--block"
        aria-describedby={ids.hint}
        disabled={isLoading || running.busy || pending !== null}
        aria-busy={running.busy}
        onClick={() => void running.run()}
      >
        {isLoading
          ? t('lab.running')
          : trialLeft > 0
            ? t('lab.runTrial', { left: trialLeft })
            : t('lab.run', { cost })}
      </button>
      {pending ? (
        <div className="lab-panel__result" role="group" aria-label={t('lab.result')}>
          <LabDiff before={pending.target.text} after={pending.result.result} />
          <div className="lab-panel__buttons">
            <button type="button" className="button button--primary" onClick={accept}>
              {t('lab.accept')}
            </button>
            <button type="button" className="button" onClick={discard}>
              {t('lab.discard')}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
