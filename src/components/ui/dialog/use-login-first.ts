import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectIsLoggedIn } from '@/core/session-slice';
import { openDialog } from './dialog-store';

/**
 * A dialog that needs a login (report, feedback): opened logged out, it closes and hands over
 * to the login dialog, whose success opens it again (`reopen`). Decided once, at opening: a
 * session that ends while the dialog is open is the session's to announce. True while the
 * dialog renders nothing (it is handing over).
 */
export function useLoginFirst(onClose: () => void, reopen: () => void): boolean {
  const loggedIn = useSelector(selectIsLoggedIn);
  const [needsLogin] = useState(!loggedIn);
  const handedOver = useRef(false);
  const latest = useRef(reopen);
  latest.current = reopen;

  useEffect(() => {
    if (!needsLogin || handedOver.current) return;
    handedOver.current = true;
    onClose();
    openDialog('login', { onSuccess: () => latest.current() });
  }, [needsLogin, onClose]);

  return needsLogin;
}
