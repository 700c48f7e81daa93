import { Icon } from '@/components/ui/icon/icons';

/**
 * What stands for a missing or broken cover of a story or a world: a panel tinted by its kind
 * with the title's first character and the kind's icon, so a list of mixed covers still looks
 * finished. Decorative: the title is said beside it.
 */
export function CoverFallback({
  title,
  kind,
  className = '',
}: {
  title: string;
  kind: 'story' | 'universe';
  className?: string;
}) {
  return (
    <div
      className={`cover-fallback cover-fallback--${kind} ${className}`.trim()}
      aria-hidden="true"
    >
      <span className="cover-fallback__initial">{Array.from(title.trim())[0] ?? ''}</span>
      <Icon name={kind === 'story' ? 'novels' : 'worlds'} size={18} />
    </div>
  );
}
