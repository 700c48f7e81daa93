import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RouteError } from './route-error';

describe('route error boundary', () => {
  it('shows a message and a retry instead of a blank page, and the retry renders again', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('render failed');
      return <h1>recovered</h1>;
    }
    const router = createMemoryRouter([
      { path: '/', element: <Flaky />, errorElement: <RouteError /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('页面出了点问题');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: 'recovered' })).toBeInTheDocument();
    spy.mockRestore();
  });
});
