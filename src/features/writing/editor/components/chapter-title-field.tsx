import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { stripBidiControls } from '@/rules/display-text';
import { TITLE_MAX, titleProblem, type TitleProblem } from '@/rules/titles';

export interface ChapterTitleFieldProps {
  initial: string;
  /** A title that passes the chapter-name rule; a failing one is shown, never handed on. */
  onValidChange: (name: string) => void;
  onFocus: () => void;
  onBlur: () => void;
}

type Shown = TitleProblem | null;

/**
 * The editor's chapter title. Follows the chapter list's rule (`src/rules/titles.ts`: not
 * blank, at most 30 counted): a title that breaks it stays in the field with the reason
 * under it and is not saved (the save keeps sending the last valid title). Typing past the
 * limit is blocked (`useMaxLength`); a paste that would make it too long is refused whole, as
 * the body refuses an over-limit paste, rather than cut.
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
  const maxLength = useMaxLength(TITLE_MAX, {
    paste: 'refuse',
    isOver: (text) => titleProblem(text) === 'tooLong',
  });

  const message =
    shown === 'required'
      ? t('editor.titleRequired')
      : shown === 'tooLong'
        ? t('editor.titleTooLong', { max: TITLE_MAX })
        : maxLength.refusal === 'pasteRefused'
          ? t('editor.titlePasteRefused', { max: TITLE_MAX })
          : maxLength.message;

  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {t('editor.chapterTitle')}
      </label>
      <input
        id={id}
        ref={maxLength.ref}
        className="chapter-workspace__title"
        value={value}
        placeholder={t('editor.chapterTitle')}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onFocus={onFocus}
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
