import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18next } from '@/lib/i18n';
import { ListEmpty, ListError, ListLoading } from './list-state';

const t = (key: string) => i18next.t(key);

describe('list states', () => {
  it('loading shows the loading icon', () => {
    const { container } = render(<ListLoading />);
    expect(container.querySelector('.list-state .loading-icon')).not.toBeNull();
  });

  it('a failed load says so (or the caller’s message) and retries', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<ListError onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent(t('common:list.loadError'));
    await userEvent.click(screen.getByRole('button', { name: t('common:actions.retry') }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<ListError onRetry={onRetry} message="Gone" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Gone');
  });

  it('an empty list shows its title, text and next step', () => {
    render(
      <ListEmpty title="No worlds" text="Create one">
        <button type="button">New</button>
      </ListEmpty>,
    );
    expect(screen.getByText('No worlds')).toHaveClass('empty-state__title');
    expect(screen.getByText('Create one')).toHaveClass('empty-state__text');
    expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
  });
});
