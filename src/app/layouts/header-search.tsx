import { useLocation, useNavigate } from 'react-router';
import { SearchBox } from '@/components/search/search-box';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { paths } from '@/config/paths';
import { selectIsLoggedIn } from '@/core/session-slice';
import { useAppSelector } from '../hooks';

/**
 * The header's search field (spec 1 §2 /search): Enter checks the keyword at the field and opens
 * /search?keyword=…. Shown to everyone; search needs an account, so a logged-out visitor gets the
 * login dialog and lands on the results after logging in (cancelling leaves the page as it was).
 * Not shown on /search itself, whose own field holds the keyword.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (pathname === paths.search.path) return null;

  const go = (keyword: string) => void navigate(paths.search.getHref({ keyword }));
  return (
    <SearchBox
      variant="header"
      className="app-header__search"
      onSearch={(keyword) => {
        if (loggedIn) go(keyword);
        else openDialog('login', { onSuccess: () => go(keyword) });
      }}
    />
  );
}
