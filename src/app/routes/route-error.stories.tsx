import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, screen } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { RouteError } from './route-error';

const t = (key: string) => i18next.t(key);

function Broken(): never {
  throw new Error('a screen failed to render');
}

/** A route whose screen throws, caught by the boundary every route has. */
function BrokenRoute() {
  const [router] = useState(() =>
    createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]),
  );
  return <RouterProvider router={router} />;
}

const meta = {
  title: 'Screens/Route error',
  component: BrokenRoute,
} satisfies Meta<typeof BrokenRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RenderError: Story = {
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent(t('common:routeError.title'));
    await expect(
      screen.getByRole('button', { name: t('common:actions.retry') }),
    ).toBeInTheDocument();
  },
};
