import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '@/components/media/image-upload-field';
import { useUpdateWorldMutation, type World } from '@/api/worlds';

/** The cover of a world: a passed upload is saved at once (it is not part of the info form). */
export function CoverField({ world }: { world: Pick<World, 'id' | 'cover'> }) {
  const { t } = useTranslation('worlds');
  const [updateWorld] = useUpdateWorldMutation();
  return (
    <ImageUploadField
      target={{ kind: 'cover', worldId: world.id }}
      label={t('worlds:fields.cover')}
      title={t('worlds:fields.coverCropperTitle')}
      value={world.cover || null}
      onUploaded={(url) => {
        if (url) void updateWorld({ id: world.id, updateWorldBody: { cover: url } });
      }}
    />
  );
}
