import { useSelector } from 'react-redux';
import { LoadingIcon } from './loading-icon';
import { type overlaySlice, selectOverlay } from './overlay-slice';

type WithOverlay = { [overlaySlice.reducerPath]: ReturnType<typeof overlaySlice.reducer> };

/** The full-screen loader; at most one exists because the machine holds one. */
export function LoadingOverlay() {
  const overlay = useSelector((s: WithOverlay) => selectOverlay(s));
  if (!overlay) return null;
  return (
    <div className={`loading-overlay loading-overlay--${overlay.styleType}`} aria-busy="true">
      <LoadingIcon
        color={overlay.styleType}
        {...(overlay.text ? { title: overlay.text } : {})}
        size={36}
      />
    </div>
  );
}
