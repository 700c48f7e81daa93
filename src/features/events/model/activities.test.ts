import { describe, expect, it } from 'vitest';
import { byStatus } from './activities';

const a = (
  id: string,
  status: 'ongoing' | 'upcoming' | 'ended',
  starts_at: number,
  ends_at: number,
) => ({
  id,
  status,
  starts_at,
  ends_at,
});

describe('byStatus', () => {
  it('ongoing (ending soonest first), then upcoming (starting soonest), then ended (latest first)', () => {
    const list = [
      a('ended-old', 'ended', 0, 10),
      a('upcoming-late', 'upcoming', 500, 600),
      a('ongoing-long', 'ongoing', 100, 900),
      a('ended-recent', 'ended', 20, 90),
      a('upcoming-soon', 'upcoming', 300, 400),
      a('ongoing-short', 'ongoing', 150, 200),
    ];
    expect(byStatus(list).map((x) => x.id)).toEqual([
      'ongoing-short',
      'ongoing-long',
      'upcoming-soon',
      'upcoming-late',
      'ended-recent',
      'ended-old',
    ]);
  });

  it('does not change the list it was given', () => {
    const list = [a('x', 'ended', 0, 1), a('y', 'ongoing', 0, 1)];
    byStatus(list);
    expect(list.map((x) => x.id)).toEqual(['x', 'y']);
  });
});
