import { Outlet } from 'react-router';
import { Shell } from '@/components/layouts/shell';
import { AppHeader } from './app-header';

/** Full-width screens outside the dashboard (editor, chat, public pages). */
export function PageLayout() {
  return (
    <Shell header={<AppHeader />}>
      <Outlet />
    </Shell>
  );
}
