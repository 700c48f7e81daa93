import { Field } from '@/components/ui/field/field';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { useTranslation } from 'react-i18next';
import { countText } from '@/rules/text-count';
import { stripBidiControls } from '@/rules/display-text';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Translated message shown at the field (aria-invalid + aria-describedby + role=alert). */
  error?: string | null;
  /** Shows "count / limit" with the shared text counter. */
  limit?: number;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  autoFocus?: boolean;
}

/**
 * A labelled input or textarea with its counter and its error; a counted one blocks input past
 * its limit (`useMaxLength`). The one-line input (titles,
 * names, goals) strips bidi control characters (`src/rules/display-text.ts`).
 */
export function TextField({
  label,
  value,
  onChange,
  error,
  limit,
  multiline,
  rows = 4,
  placeholder,
  autoFocus,
}: TextFieldProps) {
  const { t } = useTranslation('worlds');
  // Without a limit the field is uncounted: nothing is ever too long for Infinity.
  const maxLength = useMaxLength(limit ?? Infinity);
  return (
    <Field
      label={label}
      error={error || maxLength.message}
      hint={limit ? t('worlds:count', { used: countText(value), limit }) : undefined}
      hintClassName="worlds-count"
    >
      {(control) => {
        const common = {
          ...control,
          ref: maxLength.ref,
          value,
          placeholder,
          'data-autofocus': autoFocus ? true : undefined,
        };
        // One-line fields hold names and titles: bidi controls are stripped as they arrive.
        return multiline ? (
          <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...common} onChange={(e) => onChange(stripBidiControls(e.target.value))} />
        );
      }}
    </Field>
  );
}
