import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '@/components/conflict/conflict-dialog';
import { CHAPTER_SHAPE, type ChapterVersion, type ConflictChoice } from '@/lib/conflict';

const pick = (v: ChapterVersion) => ({ name: v.name, content: v.content });

/** The shared conflict dialog for a chapter: its title and body, said of "this chapter". */
export function ChapterConflictDialog(props: {
  mine: ChapterVersion;
  theirs: ChapterVersion;
  onResolve: (choice: ConflictChoice, result: ChapterVersion) => void;
}) {
  const { t } = useTranslation('writing');
  return (
    <ConflictDialog
      mine={pick(props.mine)}
      theirs={pick(props.theirs)}
      shape={CHAPTER_SHAPE}
      title={t('editor.conflict.title')}
      intro={t('editor.conflict.body')}
      onResolve={props.onResolve}
    />
  );
}
