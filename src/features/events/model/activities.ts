import type { Activity } from '@/api/events';

const RANK: Record<Activity['status'], number> = { ongoing: 0, upcoming: 1, ended: 2 };

/**
 * Events in the order /active shows them: ongoing first (ending soonest first), then upcoming
 * (starting soonest first), then ended (most recently ended first). The server's `status` is
 * taken as it is: it is judged on the server's clock.
 */
export function byStatus<A extends Pick<Activity, 'status' | 'starts_at' | 'ends_at'>>(
  activities: readonly A[],
): A[] {
  return [...activities].sort((a, b) => {
    const rank = RANK[a.status] - RANK[b.status];
    if (rank !== 0) return rank;
    if (a.status === 'ongoing') return a.ends_at - b.ends_at;
    if (a.status === 'upcoming') return a.starts_at - b.starts_at;
    return b.ends_at - a.ends_at;
  });
}
