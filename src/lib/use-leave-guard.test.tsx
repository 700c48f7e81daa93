import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UNGUARDED_LEAVE } from './leave-state';
import { useLeaveGuard } from './use-leave-guard';

let nowDirty = false;

function Screen({ byRef }: { byRef: boolean }) {
  const [dirty, setDirty] = useState(false);
  const blocker = useLeaveGuard(dirty, byRef ? () => nowDirty : undefined);
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        edit
      </button>
      <Link to="/other">other</Link>
      <Link to="/?tab=2">query</Link>
      <p>{blocker.state}</p>
      {blocker.state === 'blocked' ? (
        <>
          <button type="button" onClick={() => blocker.reset?.()}>
            stay
          </button>
          <button type="button" onClick={() => blocker.proceed?.()}>
            leave
          </button>
        </>
      ) : null}
    </>
  );
}

function renderAt(byRef = false) {
  const router = createMemoryRouter([
    { path: '/', element: <Screen byRef={byRef} /> },
    { path: '/other', element: <p>elsewhere</p> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useLeaveGuard', () => {
  it('lets navigation and unload through while nothing is unsaved', async () => {
    const router = renderAt();
    expect(unload()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'other' }));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('holds another page (path or query) while dirty; stay or leave', async () => {
    const router = renderAt();
    await userEvent.click(screen.getByRole('button', { name: 'edit' }));
    expect(unload()).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'query' }));
    expect(screen.getByText('blocked')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'stay' }));
    expect(router.state.location.search).toBe('');
    await userEvent.click(screen.getByRole('link', { name: 'other' }));
    await userEvent.click(screen.getByRole('button', { name: 'leave' }));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('asks isDirtyNow at the moment of navigation (state kept in refs)', async () => {
    nowDirty = true;
    const router = renderAt(true);
    await act(() => router.navigate('/other'));
    expect(router.state.location.pathname).toBe('/');
    nowDirty = false;
    await act(() => router.navigate('/other'));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('lets an unguarded leave (after a logout) through while dirty, and holds the next one', async () => {
    const router = renderAt();
    await userEvent.click(screen.getByRole('button', { name: 'edit' }));
    await act(() => router.navigate('/?tab=3', { state: UNGUARDED_LEAVE }));
    expect(router.state.location.search).toBe('?tab=3');
    await act(() => router.navigate('/other'));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('blocked')).toBeInTheDocument();
  });
});
