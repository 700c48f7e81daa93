import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Unsaved text an earlier page left (a reload, a crash, a closed tab, an ended session),
 * offered back above the form it belongs to, with "restore" focused: Enter takes it back.
 * Either choice moves focus to the form's first field, never to the page.
 */
export function DraftOffer({
  changedAt,
  onRestore,
  onDiscard,
}: {
  changedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const restore = useRef<HTMLButtonElement>(null);
  useEffect(() => restore.current?.focus(), []);
  const time = new Date(changedAt).toLocaleString(i18n.language === 'en' ? 'en' : 'zh-CN');

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
