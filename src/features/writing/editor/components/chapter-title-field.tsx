import { useId, useState, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { stripBidiControls } from '@/rules/display-text';
import { TITLE_MAX, titleProblem, type TitleProblem } from '@/rules/titles';

export interface ChapterTitleFieldProps {
  initial: string;
  /** A title that passes the chapter-name rule; a failing one is shown, never handed on. */
  onValidChange: (name: string) => void;
  onFocus: () => void;
  onBlur: () => void;
}

type Shown = TitleProblem | 'pasteRefused' | null;

/**
 * The editor's chapter title. Follows the chapter list's rule (`src/rules/titles.ts`: not
 * blank, at most 30 counted): a title that breaks it stays in the field with the reason
 * under it and is not saved (the save keeps sending the last valid title). A paste that would
 * make it too long is refused whole, as the body refuses an over-limit paste, rather than cut.
 * Bidi control characters are stripped as they arrive (`src/rules/display-text.ts`).
 */
export function ChapterTitleField({
  initial,
  onValidChange,
  onFocus,
  onBlur,
}: ChapterTitleFieldProps) {
  const { t } = useTranslation('writing');
  const id = useId();
  const [value, setValue] = useState(initial);
  const [shown, setShown] = useState<Shown>(() => titleProblem(initial));

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text/plain');
    const input = e.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    const next = value.slice(0, start) + stripBidiControls(pasted) + value.slice(end);
    if (titleProblem(next) !== 'tooLong') return;
    e.preventDefault();
    setShown('pasteRefused');
  };

  const message =
    shown === 'required'
      ? t('editor.titleRequired')
      : shown === 'tooLong'
        ? t('editor.titleTooLong', { max: TITLE_MAX })
        : shown === 'pasteRefused'
          ? t('editor.titlePasteRefused', { max: TITLE_MAX })
          : null;

  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {t('editor.chapterTitle')}
      </label>
      <input
        id={id}
        className="chapter-workspace__title"
        value={value}
        placeholder={t('editor.chapterTitle')}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onFocus={onFocus}
        onPaste={onPaste}
        onChange={(e) => {
          const next = stripBidiControls(e.target.value);
          setValue(next);
          const problem = titleProblem(next);
          setShown(problem);
          if (!problem) onValidChange(next);
        }}
        onBlur={onBlur}
      />
      {message ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {message}
        </span>
      ) : null}
    </>
  );
}
