import { useTranslation } from 'react-i18next';
import FeedList from './feed-list';
import './share-card.css';

/** /dashboard/feed (login): what the authors I follow have shared (spec 1 §2). */
export default function FeedScreen() {
  const { t } = useTranslation('square');
  return (
    <section className="social-screen" aria-labelledby="feed-title">
      <header className="social-screen__header">
        <h1 id="feed-title">{t('common:nav.feed')}</h1>
        <p className="social-screen__lead">{t('feed.lead')}</p>
      </header>
      <FeedList />
    </section>
  );
}
