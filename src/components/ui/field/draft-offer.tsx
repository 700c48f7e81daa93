import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextFields } from '@/lib/durable-text';
import type { DurableText } from '@/lib/use-durable-text';

/**
 * Unsaved text an earlier page left (a reload, a crash, a closed tab, an ended session),
 * offered back above the form it belongs to, with "restore" focused: Enter takes it back.
 * Either choice moves focus to the form's first field, never to the page.
 */
export function DraftOffer({
  draft,
}: {
  /** The field's durable text (`useDurableText`): nothing shows while it offers nothing. */
  draft: Pick<
    DurableText<TextFields>,
    'offer' | 'restore' | 'discard' | 'elsewhere' | 'takeTheirs' | 'keepMine'
  >;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const restore = useRef<HTMLButtonElement>(null);
  const shown = draft.offer !== null;
  useEffect(() => {
    if (shown) restore.current?.focus();
  }, [shown]);
  if (!draft.offer) return draft.elsewhere ? <ChangedElsewhere draft={draft} /> : null;
  const time = new Date(draft.offer.changed_at).toLocaleString(
    i18n.language === 'en' ? 'en' : 'zh-CN',
  );
  const { restore: onRestore, discard: onDiscard } = draft;

  const choose = (act: () => void) => () => {
    const field = restore.current
      ?.closest('form, [role="dialog"], section')
      ?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, select');
    act();
    field?.focus();
  };

  return (
    <div className="draft-offer" role="group" aria-labelledby={id}>
      <p id={id} className="draft-offer__text">
        {t('common:draft.found', { time })}
      </p>
      <div className="draft-offer__actions">
        <button
          ref={restore}
          type="button"
          className="button button--primary"
          onClick={choose(onRestore)}
        >
          {t('common:draft.restore')}
        </button>
        <button type="button" className="button" onClick={choose(onDiscard)}>
          {t('common:draft.discard')}
        </button>
      </div>
    </div>
  );
}

/**
 * The server's text changed while this one was being edited (another tab or device saved
 * it): said at once, without taking the focus from the person typing; they choose which
 * text the form goes on with.
 */
function ChangedElsewhere({
  draft,
}: {
  draft: Pick<DurableText<TextFields>, 'takeTheirs' | 'keepMine'>;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="draft-offer" role="group" aria-labelledby={id}>
      <p id={id} className="draft-offer__text" role="status">
        {t('common:draft.elsewhere')}
      </p>
      <div className="draft-offer__actions">
        <button type="button" className="button button--primary" onClick={draft.takeTheirs}>
          {t('common:draft.takeTheirs')}
        </button>
        <button type="button" className="button" onClick={draft.keepMine}>
          {t('common:draft.keepMine')}
        </button>
      </div>
    </div>
  );
}
