import { useTranslation } from 'react-i18next';

export type LoadingColor = 'default' | 'red' | 'write';

/** Spinner with the colour variants of spec 1 §2 and an optional title. */
export function LoadingIcon({
  color = 'default',
  title,
  size = 28,
}: {
  color?: LoadingColor;
  title?: string;
  size?: number;
}) {
  const { t } = useTranslation();
  return (
    <span className={`loading-icon loading-icon--${color}`} role="status">
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" strokeWidth="3" className="loading-icon__track" />
        <path
          d="M21 12a9 9 0 0 0-9-9"
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          className="loading-icon__arc"
        />
      </svg>
      <span className={title ? 'loading-icon__title' : 'visually-hidden'}>
        {title ?? t('common:loading')}
      </span>
    </span>
  );
}
