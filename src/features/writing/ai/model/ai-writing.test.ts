import { describe, expect, it } from 'vitest';
import {
  aiWritingReducer as reduce,
  canRedo,
  canUndo,
  continuationCost,
  initialAiState,
  selectCurrentCard,
  type AiAction,
  type AiWritingState,
} from './ai-writing';

const run = (state: AiWritingState, ...actions: AiAction[]) => actions.reduce(reduce, state);

const streamed = (prefix: string): AiAction[] => [
  { type: 'cardOpened', index: 0, nodeid: `${prefix}0` },
  { type: 'delta', index: 0, text: 'Once ' },
  { type: 'delta', index: 0, text: 'upon' },
  { type: 'cardOpened', index: 1, nodeid: `${prefix}1` },
  { type: 'delta', index: 1, text: 'Later' },
];
const finished = (prefix: string): AiAction => ({
  type: 'finished',
  cards: [
    { nodeid: `${prefix}0`, value: 'Once upon' },
    { nodeid: `${prefix}1`, value: 'Later' },
  ],
});

describe('AI writing store', () => {
  it('starts idle with writing length 100 and model v1', () => {
    expect(initialAiState()).toMatchObject({ status: 'idle', cards: [], length: 100, model: 'v1' });
  });

  it('streams into cards (streaming), then a finished result sets the list (ready)', () => {
    const s1 = run(initialAiState(), { type: 'started' }, ...streamed('a'));
    expect(s1.status).toBe('streaming');
    expect(s1.cards.map((c) => c.value)).toEqual(['Once upon', 'Later']);
    const s2 = reduce(s1, finished('a'));
    expect(s2.status).toBe('ready');
    expect(selectCurrentCard(s2)?.value).toBe('Once upon');
    expect(s2.cards.every((c) => c.isNew)).toBe(true);
  });

  it('starting clears the list; a second start while streaming is ignored', () => {
    const ready = run(initialAiState(), { type: 'started' }, ...streamed('a'), finished('a'));
    const again = reduce(ready, { type: 'started' });
    expect(again).toMatchObject({ status: 'streaming', cards: [], history: [] });
    expect(reduce(again, { type: 'started' })).toBe(again);
  });

  it('regenerating keeps earlier cards as history marked not new', () => {
    const ready = run(initialAiState(), { type: 'started' }, ...streamed('a'), finished('a'));
    const regen = run(
      ready,
      { type: 'started', regenerate: true },
      ...streamed('b'),
      finished('b'),
    );
    expect(regen.cards.map((c) => c.nodeid)).toEqual(['b0', 'b1']);
    expect(regen.history.map((c) => [c.nodeid, c.isNew])).toEqual([
      ['a0', false],
      ['a1', false],
    ]);
  });

  it('previous and next move between cards within bounds', () => {
    const ready = run(initialAiState(), { type: 'started' }, ...streamed('a'), finished('a'));
    expect(reduce(ready, { type: 'previousCard' })).toBe(ready);
    const second = reduce(ready, { type: 'nextCard' });
    expect(selectCurrentCard(second)?.nodeid).toBe('a1');
    expect(reduce(second, { type: 'nextCard' })).toBe(second);
    expect(selectCurrentCard(reduce(second, { type: 'previousCard' }))?.nodeid).toBe('a0');
  });

  it('a failure drops the partial output and goes idle, keeping history', () => {
    const ready = run(initialAiState(), { type: 'started' }, ...streamed('a'), finished('a'));
    const failed = run(ready, { type: 'started', regenerate: true }, ...streamed('b'), {
      type: 'failed',
    });
    expect(failed).toMatchObject({ status: 'idle', cards: [] });
    expect(failed.history).toHaveLength(2);
  });

  it('a finished result without text is idle, not an empty card list', () => {
    const s = run(initialAiState(), { type: 'started' }, { type: 'finished', cards: [] });
    expect(s.status).toBe('idle');
  });

  it('clear resets to idle but keeps the chosen length and model', () => {
    const ready = run(
      initialAiState(),
      { type: 'lengthSet', length: 300 },
      { type: 'modelSet', model: 'v2' },
      { type: 'started' },
      ...streamed('a'),
      finished('a'),
      { type: 'inserted', nodeid: 'a0' },
    );
    expect(reduce(ready, { type: 'cleared' })).toEqual(
      initialAiState({ length: 300, model: 'v2' }),
    );
  });

  it('undo and redo move insertions; a new insertion clears redo', () => {
    let s = run(
      initialAiState(),
      { type: 'inserted', nodeid: 'a0' },
      { type: 'inserted', nodeid: 'a1' },
    );
    expect(canUndo(s)).toBe(true);
    s = reduce(s, { type: 'undone' });
    expect(s).toMatchObject({ inserted: ['a0'], undone: ['a1'] });
    expect(canRedo(s)).toBe(true);
    s = reduce(s, { type: 'redone' });
    expect(s).toMatchObject({ inserted: ['a0', 'a1'], undone: [] });
    s = run(s, { type: 'undone' }, { type: 'inserted', nodeid: 'b0' });
    expect(s).toMatchObject({ inserted: ['a0', 'b0'], undone: [] });
    const empty = initialAiState();
    expect(reduce(empty, { type: 'undone' })).toBe(empty);
    expect(reduce(empty, { type: 'redone' })).toBe(empty);
  });

  it('length and model cannot change while streaming', () => {
    const streaming = reduce(initialAiState(), { type: 'started' });
    expect(reduce(streaming, { type: 'lengthSet', length: 500 })).toBe(streaming);
    expect(reduce(streaming, { type: 'modelSet', model: 'v2' })).toBe(streaming);
  });

  it('costs the writing length, except the empty-input opening card', () => {
    const s = initialAiState({ length: 200 });
    expect(continuationCost(s, '  \n ')).toBe(0);
    expect(continuationCost(s, '从前')).toBe(200);
  });
});
