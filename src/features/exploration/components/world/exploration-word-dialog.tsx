import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { useGetChatUniverseQuery } from '@/api/exploration';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { ListError } from '@/components/ui/list-state/list-state';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';
import { WordBackgroundPanel } from './word-background-panel';
import { WordEntriesPanel } from './word-entries-panel';
import { WordForbiddenPanel } from './word-forbidden-panel';
import './exploration-word.css';

export interface ExplorationWordDialogProps {
  /** The chat whose own copy of the world is edited. */
  chatId: string;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    explorationWord: ExplorationWordDialogProps;
  }
}

const TABS = ['entries', 'background', 'words'] as const;
type Tab = (typeof TABS)[number];

/**
 * The exploration-word dialog (spec 1 §2, spec 2 §3): the chat's own copy of its world, edited
 * without leaving the chat — its entries (list by type and name, create, edit, delete, avatars
 * through the cropper's exploration flow), its background and its forbidden words. The source
 * world is never touched. Opened by name (`explorationWord`, `{ chatId }`) from the chat.
 */
export function ExplorationWordDialog({
  chatId,
  onClose,
}: HostedDialogProps & ExplorationWordDialogProps) {
  const { t } = useTranslation('exploration');
  const universe = useGetChatUniverseQuery({ chatId });
  const [tab, setTab] = useState<Tab>('entries');
  const tabsId = useId();
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const i = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(i + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(i + TABS.length - 1) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : null;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  let body;
  if (universe.isLoading) {
    body = (
      <div className="list-state" role="status">
        <LoadingIcon />
        <span className="visually-hidden">{t('exploration:world.loading')}</span>
      </div>
    );
  } else if (universe.error || !universe.data) {
    const gone = isApiError(universe.error) && universe.error.code === 40408;
    body = gone ? (
      <p role="alert">{t('exploration:errors.missing')}</p>
    ) : (
      <ListError
        onRetry={() => void universe.refetch()}
        message={universe.error ? errorText('getChatUniverse', universe.error, t) : undefined}
      />
    );
  } else {
    const world = universe.data;
    body = (
      <>
        <div role="tablist" aria-label={t('exploration:world.tabs')} className="word-tabs">
          {TABS.map((name) => (
            <button
              key={name}
              ref={(el) => {
                tabRefs.current[name] = el;
              }}
              type="button"
              role="tab"
              id={`${tabsId}-${name}`}
              aria-selected={tab === name}
              aria-controls={`${tabsId}-${name}-panel`}
              tabIndex={tab === name ? 0 : -1}
              className="word-tabs__tab"
              onClick={() => setTab(name)}
              onKeyDown={onTabKey}
            >
              {name === 'entries'
                ? t('exploration:world.tab.entries', { count: world.entry_count })
                : name === 'words'
                  ? t('exploration:world.tab.words', { count: world.forbidden_words.length })
                  : t('exploration:world.tab.background')}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`${tabsId}-${tab}-panel`}
          aria-labelledby={`${tabsId}-${tab}`}
          className="word-panel"
        >
          {tab === 'entries' ? (
            <WordEntriesPanel chatId={chatId} universeId={world.id} />
          ) : tab === 'background' ? (
            <WordBackgroundPanel chatId={chatId} background={world.background} />
          ) : (
            <WordForbiddenPanel chatId={chatId} words={world.forbidden_words} />
          )}
        </div>
      </>
    );
  }

  return (
    <Dialog
      title={
        universe.data
          ? t('exploration:world.titleOf', { title: universe.data.title })
          : t('exploration:world.title')
      }
      onClose={onClose}
      size="lg"
      className="exploration-word"
    >
      <p className="word-note">{t('exploration:world.note')}</p>
      {body}
    </Dialog>
  );
}

export default ExplorationWordDialog;
