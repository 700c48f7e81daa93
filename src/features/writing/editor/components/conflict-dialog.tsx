import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';
import {
  differingSpan,
  resolveConflict,
  type BothLabels,
  type ChapterVersion,
  type ConflictChoice,
} from '../model/conflict';
import './editor.css';

/** The marks "keep both" puts in the text, in the writer's language. */
export function useBothLabels(): BothLabels {
  const { t } = useTranslation('writing');
  return useMemo(
    () => ({
      mine: t('editor.conflict.markMine'),
      theirs: (name) =>
        name === null
          ? t('editor.conflict.markTheirs')
          : t('editor.conflict.markTheirsNamed', { name }),
      end: t('editor.conflict.markEnd'),
    }),
    [t],
  );
}

function Version(props: { heading: string; version: ChapterVersion; start: number; end: number }) {
  const { content, name } = props.version;
  const stop = content.length - props.end;
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
      <p className="conflict__name">{name}</p>
      <div ref={pane} className="conflict__text" tabIndex={0}>
        {content.slice(0, props.start)}
        {stop > props.start ? <mark>{content.slice(props.start, stop)}</mark> : null}
        {content.slice(Math.max(stop, props.start))}
      </div>
    </section>
  );
}

/**
 * The chapter changed elsewhere (another device or tab saved since this text's base): the
 * writer's version and the other side's side by side, the part where they differ marked;
 * keep both (the safe choice, focused first: nothing typed by anyone is dropped), or either.
 */
export function ConflictDialog(props: {
  mine: ChapterVersion;
  theirs: ChapterVersion;
  onResolve: (choice: ConflictChoice, result: ChapterVersion) => void;
}) {
  const { t } = useTranslation('writing');
  const labels = useBothLabels();
  const span = useMemo(
    () => differingSpan(props.mine.content, props.theirs.content),
    [props.mine.content, props.theirs.content],
  );
  const choose = (choice: ConflictChoice) => () =>
    props.onResolve(choice, resolveConflict(choice, props.mine, props.theirs, labels));
  return (
    <Dialog
      title={t('editor.conflict.title')}
      onClose={choose('both')}
      dismissible={false}
      size="lg"
      footer={
        <>
          <button type="button" className="button" onClick={choose('theirs')}>
            {t('editor.conflict.keepTheirs')}
          </button>
          <button type="button" className="button" onClick={choose('mine')}>
            {t('editor.conflict.keepMine')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={choose('both')}
            data-autofocus
          >
            {t('editor.conflict.keepBoth')}
          </button>
        </>
      }
    >
      <p>{t('editor.conflict.body')}</p>
      <div className="conflict">
        <Version
          heading={t('editor.conflict.mine', { count: props.mine.content.length })}
          version={props.mine}
          {...span}
        />
        <Version
          heading={t('editor.conflict.theirs', { count: props.theirs.content.length })}
          version={props.theirs}
          {...span}
        />
      </div>
    </Dialog>
  );
}
