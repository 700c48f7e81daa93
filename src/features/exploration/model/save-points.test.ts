import { describe, expect, it } from 'vitest';
import type { ChatArchive, DialogueBenefits } from '@/api/exploration';
import {
  canAfford,
  fromChoices,
  leaveNeedsPrompt,
  oldestFirst,
  powerLeft,
  spanProblem,
  spend,
  titleProblem,
} from './save-points';

const archive = (id: string, count: number, at: number): ChatArchive => ({
  id,
  game_id: 'g',
  title: id,
  kind: 'manual',
  message_count: count,
  last_message: '',
  created_at: at,
});
// Newest first, as the list answers.
const ARCHIVES = [archive('c', 12, 30), archive('b', 8, 20), archive('a', 4, 10)];

describe('leaving with unsaved progress', () => {
  it('asks when the game is not saved and the chat has messages', () => {
    expect(leaveNeedsPrompt({ isSaved: false, messageCount: 3, busy: false })).toBe(true);
    expect(leaveNeedsPrompt({ isSaved: true, messageCount: 3, busy: false })).toBe(false);
    expect(leaveNeedsPrompt({ isSaved: false, messageCount: 0, busy: false })).toBe(false);
  });

  it('asks while a reply streams; not while the saved state is unknown', () => {
    expect(leaveNeedsPrompt({ isSaved: true, messageCount: 3, busy: true })).toBe(true);
    expect(leaveNeedsPrompt({ isSaved: undefined, messageCount: 3, busy: false })).toBe(false);
  });
});

describe('save points', () => {
  it('a title is optional and at most 20 characters', () => {
    expect(titleProblem('')).toBeNull();
    expect(titleProblem('一'.repeat(20))).toBeNull();
    expect(titleProblem('一'.repeat(21))).toBe('tooLong');
  });

  it('orders save points oldest first', () => {
    expect(oldestFirst(ARCHIVES).map((a) => a.id)).toEqual(['a', 'b', 'c']);
  });

  it('offers as "from" only the save points made before "to"', () => {
    expect(fromChoices(ARCHIVES, 'c').map((a) => a.id)).toEqual(['a', 'b']);
    expect(fromChoices(ARCHIVES, 'a')).toEqual([]);
    expect(fromChoices(ARCHIVES, 'zz')).toEqual([]);
  });

  it('a span needs a later save point with more messages, a story and a short name', () => {
    const span = { fromId: 'a', toId: 'c', storyId: 's', chapterName: '' };
    expect(spanProblem(ARCHIVES, span)).toBeNull();
    expect(spanProblem(ARCHIVES, { ...span, fromId: null })).toBeNull();
    expect(spanProblem(ARCHIVES, { ...span, toId: '' })).toBe('noTo');
    expect(spanProblem(ARCHIVES, { ...span, storyId: '' })).toBe('noStory');
    expect(
      spanProblem([archive('x', 4, 1), archive('y', 4, 2)], { ...span, fromId: 'x', toId: 'y' }),
    ).toBe('emptySpan');
    expect(spanProblem(ARCHIVES, { ...span, chapterName: 'x'.repeat(21) })).toBe('nameTooLong');
  });
});

describe('dialogue power', () => {
  const b: DialogueBenefits = { free_left: 3, free_total: 20, pack_left: 10, refresh_at: 0 };

  it('counts the free allowance and bought power', () => {
    expect(powerLeft(b)).toBe(13);
    expect(canAfford(b, 13)).toBe(true);
    expect(canAfford(b, 14)).toBe(false);
    expect(canAfford(undefined, 5)).toBe(true);
  });

  it('spends the free allowance first, then bought power; a failed reply costs nothing', () => {
    expect(spend(b, 2)).toMatchObject({ free_left: 1, pack_left: 10 });
    expect(spend(b, 5)).toMatchObject({ free_left: 0, pack_left: 8 });
    expect(spend(b, 0)).toBe(b);
  });
});
