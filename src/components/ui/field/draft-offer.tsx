import { lazy, Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextFields } from '@/lib/durable-text';
import { formatDate } from '@/lib/date-format';
import type { DurableText } from '@/lib/use-durable-text';
import type { VersionShape } from '@/lib/conflict';
import type { ConflictDialog as ConflictDialogType } from '@/components/conflict/conflict-dialog';

/**
 * Loaded when a comparison is asked for: every form shows `DraftOffer`, few ever compare, and
 * the dialog's code and style sheet stay off the pages that never do.
 */
const ConflictDialog = lazy(() =>
  import('@/components/conflict/conflict-dialog').then((m) => ({ default: m.ConflictDialog })),
) as unknown as typeof ConflictDialogType;

/**
 * Unsaved text an earlier page left (a reload, a crash, a closed tab, an ended session),
 * offered back above the form it belongs to, with "restore" focused: Enter takes it back.
 * Either choice moves focus to the form's first field, never to the page.
 */
export function DraftOffer<T extends TextFields>({
  draft,
  shape,
}: {
  /** The field's durable text (`useDurableText`): nothing shows while it offers nothing. */
  draft: DurableText<T>;
  /**
   * Which field is the body and which the title, for comparing with a newer server text
   * (`ConflictDialog`); a single field needs none.
   */
  shape?: VersionShape<T>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const restore = useRef<HTMLButtonElement>(null);
  const shown = draft.offer !== null;
  useEffect(() => {
    if (shown) restore.current?.focus();
  }, [shown]);
  if (!draft.offer)
    return draft.elsewhere ? <ChangedElsewhere draft={draft} shape={shape} /> : null;
  const time = formatDate(draft.offer.changed_at, i18n.language, 'short', { time: true });
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
 * it): said at once, without taking the focus from the person typing; they compare the two
 * versions (`ConflictDialog`: keep both, mine or theirs) or choose at once. A save refused
 * for the newer version opens the comparison straight away (`DurableText.rebase`).
 */
function ChangedElsewhere<T extends TextFields>({
  draft,
  shape,
}: {
  draft: DurableText<T>;
  shape?: VersionShape<T>;
}) {
  const { t } = useTranslation();
  const theirs = draft.elsewhere;
  if (!theirs) return null;
  const fields = Object.keys(draft.values) as (keyof T & string)[];
  const versions = shape ?? { body: fields[fields.length - 1]! };
  return (
    <ElsewhereNotice text={t('common:draft.elsewhere')} onCompare={draft.compare}>
      <button type="button" className="button" onClick={draft.takeTheirs}>
        {t('common:draft.takeTheirs')}
      </button>
      <button type="button" className="button" onClick={draft.keepMine}>
        {t('common:draft.keepMine')}
      </button>
      {draft.comparing ? (
        <Suspense fallback={null}>
          <ConflictDialog
            mine={draft.values}
            theirs={theirs}
            shape={versions}
            onResolve={(_, result) => draft.resolve(result)}
          />
        </Suspense>
      ) : null}
    </ElsewhereNotice>
  );
}

/**
 * A text changed elsewhere, said beside it without taking the keyboard from the person typing:
 * `text`, then 比较两个版本 (first) and any further choices (`children`).
 */
export function ElsewhereNotice({
  text,
  onCompare,
  children,
}: {
  text: string;
  onCompare: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="draft-offer" role="group" aria-labelledby={id}>
      <p id={id} className="draft-offer__text" role="status">
        {text}
      </p>
      <div className="draft-offer__actions">
        <button type="button" className="button button--primary" onClick={onCompare}>
          {t('common:conflict.compare')}
        </button>
        {children}
      </div>
    </div>
  );
}
