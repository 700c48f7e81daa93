import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon/icons';
import { cleanKeyword, keywordProblem } from '@/rules/search';
// Its style sheet is part of the global one (src/styles/global.css).

/** The translation keys of the client's keyword refusals (common: the header shows them too). */
export const KEYWORD_PROBLEM_KEYS = {
  empty: 'common:search.errors.empty',
  tooLong: 'common:search.errors.tooLong',
} as const;

export interface SearchBoxProps {
  /** Called with the trimmed keyword once it passes the rules (spec 1 §5). */
  onSearch: (keyword: string) => void;
  /** The keyword the field starts with (the one in the URL on the search page). */
  initial?: string;
  /** A refusal from elsewhere (the server's 42263/42264), shown at the field like the client's. */
  error?: string | null;
  /** `header`: compact, the label read out only. */
  variant?: 'header' | 'page';
  className?: string;
}

/**
 * A search field with its label and a submit button: Enter or the button checks the keyword
 * (not empty, at most 30 by the shared counter) and, if it passes, hands it on; otherwise the
 * field says why and nothing is searched. Small on purpose: the header shows it on every page.
 */
export function SearchBox({
  onSearch,
  initial = '',
  error: outsideError = null,
  variant = 'page',
  className,
}: SearchBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [value, setValue] = useState(initial);
  const [problemKey, setProblemKey] = useState<string | null>(null);
  const [edited, setEdited] = useState(false);
  const error = problemKey ? t(problemKey) : edited ? null : outsideError;

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = keywordProblem(value);
    if (problem) {
      setProblemKey(KEYWORD_PROBLEM_KEYS[problem]);
      return;
    }
    setProblemKey(null);
    setEdited(false);
    onSearch(cleanKeyword(value));
  }

  return (
    <form
      role="search"
      aria-label={t('common:search.label')}
      className={['search-box', `search-box--${variant}`, className].filter(Boolean).join(' ')}
      onSubmit={submit}
      noValidate
    >
      <label
        htmlFor={id}
        className={variant === 'header' ? 'visually-hidden' : 'search-box__label'}
      >
        {t('common:search.label')}
      </label>
      <div className="search-box__row">
        <input
          id={id}
          type="search"
          name="keyword"
          value={value}
          placeholder={t('common:search.placeholder')}
          enterKeyHint="search"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setEdited(true);
            if (problemKey) setProblemKey(null);
          }}
        />
        <button type="submit" className="search-box__submit" aria-label={t('common:search.submit')}>
          <Icon name="search" size={18} />
        </button>
      </div>
      {error ? (
        <span id={errorId} className="search-box__error field__error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
