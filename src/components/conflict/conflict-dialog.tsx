import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';
import {
  differingSpan,
  resolveConflict,
  type BothLabels,
  type ConflictChoice,
  type TextVersion,
  type VersionShape,
} from '@/lib/conflict';
import './conflict.css';

/** The marks "keep both" puts in the text, in the person's language. */
export function useBothLabels(): BothLabels {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      mine: t('common:conflict.markMine'),
      theirs: (name) =>
        name === null
          ? t('common:conflict.markTheirs')
          : t('common:conflict.markTheirsNamed', { name }),
      end: t('common:conflict.markEnd'),
    }),
    [t],
  );
}

function Version(props: {
  heading: string;
  title: string | null;
  body: string;
  start: number;
  end: number;
}) {
  const { body } = props;
  const stop = body.length - props.end;
  const pane = useRef<HTMLDivElement>(null);
  // Opens on the first difference, not the shared beginning.
  useEffect(() => {
    const box = pane.current;
    const mark = box?.querySelector('mark');
    if (box && mark) box.scrollTop = Math.max(0, mark.offsetTop - box.offsetTop - 24);
  }, []);
  return (
    <section className="conflict__version" aria-label={props.heading}>
      <h3 className="conflict__heading">{props.heading}</h3>
      {props.title !== null ? <p className="conflict__name">{props.title}</p> : null}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the text scrolls: focusable so the keyboard can scroll it (its section names it) */}
      <div ref={pane} className="conflict__text" tabIndex={0}>
        {body.slice(0, props.start)}
        {stop > props.start ? <mark>{body.slice(props.start, stop)}</mark> : null}
        {body.slice(Math.max(stop, props.start))}
      </div>
    </section>
  );
}

/**
 * A text changed elsewhere (another device or tab saved since this text's base): the
 * person's version and the other side's side by side, the part where they differ marked;
 * keep both (the safe choice, focused first: nothing typed by anyone is dropped), or either.
 * One dialog for every text with a server copy: chapters, worlds, glossary entries, messages.
 */
export function ConflictDialog<T extends TextVersion>(props: {
  mine: T;
  theirs: T;
  /** Which field is the body and which the title (`VersionShape`). */
  shape: VersionShape<T>;
  onResolve: (choice: ConflictChoice, result: T) => void;
  /** The dialog's title and explanation, when more specific than "this text". */
  title?: string;
  intro?: string;
}) {
  const { t } = useTranslation();
  const labels = useBothLabels();
  const { mine, theirs, shape } = props;
  const mineBody = mine[shape.body] ?? '';
  const theirsBody = theirs[shape.body] ?? '';
  const span = useMemo(() => differingSpan(mineBody, theirsBody), [mineBody, theirsBody]);
  const titleOf = (v: T) => (shape.title ? (v[shape.title] ?? '') : null);
  const choose = (choice: ConflictChoice) => () =>
    props.onResolve(choice, resolveConflict(choice, mine, theirs, labels, shape));
  return (
    <Dialog
      title={props.title ?? t('common:conflict.title')}
      onClose={choose('both')}
      dismissible={false}
      size="lg"
      footer={
        <>
          <button type="button" className="button" onClick={choose('theirs')}>
            {t('common:conflict.keepTheirs')}
          </button>
          <button type="button" className="button" onClick={choose('mine')}>
            {t('common:conflict.keepMine')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={choose('both')}
            data-autofocus
          >
            {t('common:conflict.keepBoth')}
          </button>
        </>
      }
    >
      <p>{props.intro ?? t('common:conflict.body')}</p>
      <div className="conflict">
        <Version
          heading={t('common:conflict.mine', { count: mineBody.length })}
          title={titleOf(mine)}
          body={mineBody}
          {...span}
        />
        <Version
          heading={t('common:conflict.theirs', { count: theirsBody.length })}
          title={titleOf(theirs)}
          body={theirsBody}
          {...span}
        />
      </div>
    </Dialog>
  );
}
