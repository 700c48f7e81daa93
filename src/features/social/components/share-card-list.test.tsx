import { afterEach, describe, expect, it } from 'vitest';
import { act, useState } from 'react';
import { flushSync } from 'react-dom';
import { screen, waitFor, within } from '@testing-library/react';
import type { Share, ShareList } from '@/api/square';
import { renderWithProviders } from '@/testing/render';
import { ShareCardList, type ShareListQuery } from './share-card-list';

const share = (i: number): Share => ({
  share_id: `s_${i}`,
  kind: 'universe',
  title: `World ${i}`,
  summary: 'A world',
  cover: '',
  author: { _id: `u_${i}`, name: `Author ${i}`, avatar: '', is_official: false },
  shared_at: 1_764_000_000 - i * 60,
  view_count: i,
  supporter_count: 0,
  word_count: 0,
  chapter_count: 0,
  entry_count: 3,
});

const page = (n: number): ShareList => ({
  data: Array.from({ length: n }, (_, i) => share(i)),
  paging: { has_prev: false, has_next: false, next: null },
});

const query = (data?: { pages: ShareList[] }): ShareListQuery => ({
  data,
  isLoading: !data,
  isError: false,
  isFetching: !data,
  isFetchingNextPage: false,
  hasNextPage: false,
  refetch: () => undefined,
  fetchNextPage: () => undefined,
});

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;

describe('ShareCardList', () => {
  afterEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  });

  it('takes an answer in a render of its own: the update that brings it keeps the placeholders', async () => {
    let answer: (data: { pages: ShareList[] }) => void = () => undefined;
    function Screen() {
      const [data, setData] = useState<{ pages: ShareList[] }>();
      answer = setData;
      return <ShareCardList list={query(data)} label="Works" empty={<p>Nothing</p>} />;
    }
    renderWithProviders(<Screen />, { route: '/' });
    expect(await screen.findByRole('status')).toBeInTheDocument();
    // As in a browser (no act): React renders the update, then its scheduler the rest.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    flushSync(() => answer({ pages: [page(3)] }));
    // The render of the update that brought the answer committed the placeholders again.
    expect(document.querySelector('.share-list__skeleton')).not.toBeNull();
    expect(screen.queryByRole('list', { name: 'Works' })).toBeNull();
    // The cards follow in the deferred render.
    await waitFor(() => {
      const list = screen.getByRole('list', { name: 'Works' });
      expect(within(list).getAllByRole('article')).toHaveLength(3);
    });
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
    await act(async () => undefined);
  });
});
