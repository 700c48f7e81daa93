import { useTranslation } from 'react-i18next';
import { useGetCopyTextsQuery } from './index';
import { copyText } from './settings-copy';

/**
 * Server-provided copy by text id, in the current language, falling back to the built-in
 * copy (`common:copy.<id>`) while loading, on failure, or when the server has no such text.
 */
export function useCopy(): (id: string) => string {
  const { t, i18n } = useTranslation();
  const { data } = useGetCopyTextsQuery();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  return (id) => copyText(data, id, lang) ?? t(`common:copy.${id}`);
}
