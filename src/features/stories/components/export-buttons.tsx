import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { errorText } from '@/api/error-messages';
import { useLazyExportStoryQuery } from '@/api/stories';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { downloadText, exportFileName, exportText, type ExportFormat } from '../model/export-file';

const FORMATS: ExportFormat[] = ['txt', 'md'];

/**
 * Export as .txt or .md: reads the bodies fresh from the server, builds the file here and
 * downloads it through a Blob link. A failure is toasted (queries are not, by default).
 */
export function ExportButtons({
  storyId,
  chapterId,
  label,
}: {
  storyId: string;
  chapterId?: string;
  /** What is exported, for the buttons' accessible names. */
  label: string;
}) {
  const { t } = useTranslation('stories');
  const dispatch = useDispatch();
  const [load, { isFetching }] = useLazyExportStoryQuery();
  const run = async (format: ExportFormat) => {
    const result = await load({ storyId, chapterId });
    if (!result.data) {
      dispatch(toastShown({ msg: errorText('exportStory', result.error, t), type: 'error' }));
      return;
    }
    const chapterOnly = chapterId !== undefined;
    downloadText(
      exportFileName(result.data, format, chapterOnly),
      exportText(result.data, format, chapterOnly),
      format,
    );
  };
  return (
    <span className="stories-export">
      {FORMATS.map((f) => (
        <button
          key={f}
          type="button"
          className="button"
          disabled={isFetching}
          aria-label={t(`export.${f}`, { what: label })}
          onClick={() => void run(f)}
        >
          .{f}
        </button>
      ))}
    </span>
  );
}
