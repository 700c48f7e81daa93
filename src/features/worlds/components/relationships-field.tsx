import { useTranslation } from 'react-i18next';
import { stripBidiControls } from '@/rules/display-text';
import { ENTRY_LIMITS } from '@/rules/world-form-limits';
import type { RelationshipText } from '@/rules/entry-fields';

/** A row of the form: its text (src/rules/entry-fields.ts) and a key for React. */
export interface RelationshipRow extends RelationshipText {
  key: number;
}

let nextKey = 1;
/** A key no row has had. */
export const newRowKey = () => nextKey++;

/** A character's relationships: at most 9 rows of name, tags and a lock (spec 1 §3, §5). */
export function RelationshipsField({
  rows,
  onChange,
  error,
  errorId,
}: {
  rows: RelationshipRow[];
  onChange: (rows: RelationshipRow[]) => void;
  error?: string | null;
  errorId: string;
}) {
  const { t } = useTranslation('worlds');
  const update = (key: number, change: Partial<RelationshipRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
    <fieldset className="entry-form__choices" aria-describedby={error ? errorId : undefined}>
      <legend>
        {t('worlds:entry.relationships', { used: rows.length, max: ENTRY_LIMITS.relationships })}
      </legend>
      <div style={{ width: '100%' }}>
        {rows.map((r, i) => (
          <div key={r.key} className="relationship">
            <input
              aria-label={t('worlds:entry.relationshipName', { n: i + 1 })}
              value={r.name}
              placeholder={t('worlds:entry.relationshipNamePlaceholder')}
              onChange={(e) => update(r.key, { name: stripBidiControls(e.target.value) })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <input
              aria-label={t('worlds:entry.relationshipTags', { n: i + 1 })}
              value={r.tags}
              placeholder={t('worlds:entry.relationshipTagsPlaceholder')}
              onChange={(e) => update(r.key, { tags: stripBidiControls(e.target.value) })}
            />
            <label>
              <input
                type="checkbox"
                checked={r.locked}
                onChange={(e) => update(r.key, { locked: e.target.checked })}
              />{' '}
              {t('worlds:entry.locked')}
            </label>
            <button
              type="button"
              className="button"
              aria-label={t('worlds:entry.removeRelationship', { n: i + 1 })}
              onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
            >
              {t('worlds:entry.remove')}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button"
          disabled={rows.length >= ENTRY_LIMITS.relationships}
          onClick={() =>
            onChange([...rows, { key: newRowKey(), name: '', tags: '', locked: false }])
          }
        >
          {t('worlds:entry.addRelationship')}
        </button>
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
