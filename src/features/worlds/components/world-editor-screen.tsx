import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, useParams } from 'react-router';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { selectUid } from '@/core/session-slice';
import { useGetWorldQuery } from '@/api/worlds';
import { openStartExploration } from '@/components/exploration/open-start-exploration';
import { paths } from '@/config/paths';
import { hasUnsaved, noUnsavedChanges, setUnsaved, type Editor } from '../model/unsaved';
import { CoverField } from './cover-field';
import { ForbiddenWordsPanel } from './forbidden-words-panel';
import { GlossaryPanel } from './glossary-panel';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { ShareStatusSelect } from './share-status-select';
import { PublicLink } from '@/components/ui/public-link/public-link';
import { UnsavedPrompt } from './unsaved-prompt';
import { WorldInfoForm } from './world-info-form';
import './worlds.css';

/**
 * The world editor (spec 1 §2 /dashboard/worlds/{unid}): world info, forbidden words, share
 * status and the glossary, with the save-confirmation prompt while anything is unsaved.
 */
export function WorldEditorScreen() {
  const { unid = '' } = useParams();
  return <WorldEditor worldId={unid} />;
}

/** The editor of one world (the screen reads its id from the route). */
export function WorldEditor({ worldId: unid }: { worldId: string }) {
  const { t } = useTranslation('worlds');
  const uid = useSelector(selectUid);
  // The detail is never requested without a user id (spec 1 §5).
  const query = useGetWorldQuery(uid && unid ? { id: unid } : skipToken);
  const [flags, setFlags] = useState(noUnsavedChanges);
  const flag = useCallback(
    (editor: Editor) => (dirty: boolean) => setFlags((f) => setUnsaved(f, editor, dirty)),
    [],
  );
  const [onWorldDirty] = useState(() => flag('world'));
  const [onInfoDirty] = useState(() => flag('info'));
  const [onWordDirty] = useState(() => flag('word'));

  const back = <Link to={paths.dashboard.worlds.getHref()}>{t('worlds:editor.back')}</Link>;

  if (query.isLoading || (!query.data && !query.isError)) return <ListLoading />;
  if (query.isError || !query.data) {
    if (isApiError(query.error) && query.error.code === 40403) {
      return (
        <section className="world-editor">
          <ListEmpty title={errorText('getWorld', query.error, t)} />
          {back}
        </section>
      );
    }
    return <ListError onRetry={() => void query.refetch()} />;
  }

  const world = query.data;
  return (
    <section className="world-editor" aria-labelledby="world-editor-title">
      <header className="worlds-toolbar">
        <div>
          {back}
          <h1 id="world-editor-title">{world.title}</h1>
        </div>
        <div className="world-card__actions">
          <ShareStatusSelect world={world} />
          <button
            type="button"
            className="button"
            onClick={() => openStartExploration({ universeId: world.id })}
          >
            {t('worlds:explore')}
          </button>
        </div>
      </header>
      {/* A world others can open by link (square or link-only): its link and share code. */}
      {world.share_status === 'square' || world.share_status === 'link' ? (
        <PublicLink path={paths.universe.getHref(world.share_id)} shareId={world.share_id} />
      ) : null}
      <div className="world-editor__grid">
        <div className="worlds-screen">
          <section className="worlds-panel" aria-labelledby="world-info-title">
            <h2 id="world-info-title">{t('worlds:editor.info')}</h2>
            <WorldInfoForm key={world.id} world={world} onDirtyChange={onInfoDirty} />
            <CoverField world={world} />
          </section>
          <ForbiddenWordsPanel world={world} onDirtyChange={onWorldDirty} />
        </div>
        <GlossaryPanel worldId={world.id} onDirtyChange={onWordDirty} />
      </div>
      <UnsavedPrompt when={hasUnsaved(flags)} />
    </section>
  );
}

export default WorldEditorScreen;
