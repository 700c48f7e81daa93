import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { diffText } from '../model/diff';

/** The lab's result against the selection: removed words struck through, added ones marked. */
export function LabDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation('writing');
  const parts = useMemo(() => diffText(before, after), [before, after]);
  return (
    <div className="lab-diff">
      <p className="lab-diff__legend">
        <del>{t('lab.before')}</del> <ins>{t('lab.after')}</ins>
      </p>
      <p className="lab-diff__text">
        {parts.map((p, i) =>
          p.kind === 'same' ? (
            <span key={i}>{p.text}</span>
          ) : p.kind === 'added' ? (
            <ins key={i}>{p.text}</ins>
          ) : (
            <del key={i}>{p.text}</del>
          ),
        )}
      </p>
    </div>
  );
}
