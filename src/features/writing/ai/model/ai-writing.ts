/**
 * The AI writing store of spec 1 §3/§4 as a pure reducer: idle, streaming, cards ready (the
 * spec's status 0, 1 and 2); starting clears the list; a finished result sets it; clear resets to idle;
 * previous/next move between cards; undo/redo move card insertions; regenerating keeps the
 * earlier cards as history marked not new. The editor does the text work; this only decides.
 */

/** The spec's status 0, 1 and 2, by name. */
export type AiStatus = 'idle' | 'streaming' | 'ready';
export type AiModel = 'v1' | 'v2';

export interface AiCard {
  nodeid: string;
  value: string;
  /** False for cards kept as history after a regeneration. */
  isNew: boolean;
}

export interface AiWritingState {
  status: AiStatus;
  cards: AiCard[];
  current: number;
  history: AiCard[];
  /** Writing length per card, also the power each delivered card costs (spec 2 §1). */
  length: number;
  model: AiModel;
  /** Inserted cards, most recent last (what undo takes back). */
  inserted: string[];
  /** Undone insertions, most recent last (what redo puts back). */
  undone: string[];
}

export const DEFAULT_LENGTH = 100;
export const LENGTH_OPTIONS = [50, 100, 200, 300, 500] as const;
export const DEFAULT_MODEL: AiModel = 'v1';

export function initialAiState(
  overrides: Partial<Pick<AiWritingState, 'length' | 'model'>> = {},
): AiWritingState {
  return {
    status: 'idle',
    cards: [],
    current: 0,
    history: [],
    length: DEFAULT_LENGTH,
    model: DEFAULT_MODEL,
    inserted: [],
    undone: [],
    ...overrides,
  };
}

export type AiAction =
  | { type: 'started'; regenerate?: boolean }
  | { type: 'cardOpened'; index: number; nodeid: string }
  | { type: 'delta'; index: number; text: string }
  | { type: 'finished'; cards: readonly { nodeid: string; value: string }[] }
  | { type: 'failed' }
  | { type: 'cleared' }
  | { type: 'nextCard' }
  | { type: 'previousCard' }
  | { type: 'inserted'; nodeid: string }
  | { type: 'undone' }
  | { type: 'redone' }
  | { type: 'lengthSet'; length: number }
  | { type: 'modelSet'; model: AiModel };

export function aiWritingReducer(state: AiWritingState, action: AiAction): AiWritingState {
  switch (action.type) {
    case 'started': {
      if (state.status === 'streaming') return state;
      const history = action.regenerate
        ? [...state.cards.map((c) => ({ ...c, isNew: false })), ...state.history]
        : state.history;
      return { ...state, status: 'streaming', cards: [], current: 0, history };
    }
    case 'cardOpened': {
      if (state.status !== 'streaming') return state;
      const cards = [...state.cards];
      cards[action.index] = { nodeid: action.nodeid, value: '', isNew: true };
      return { ...state, cards };
    }
    case 'delta': {
      const card = state.cards[action.index];
      if (state.status !== 'streaming' || !card) return state;
      const cards = [...state.cards];
      cards[action.index] = { ...card, value: card.value + action.text };
      return { ...state, cards };
    }
    case 'finished': {
      if (state.status !== 'streaming') return state;
      const cards = action.cards.filter((c) => c.value).map((c) => ({ ...c, isNew: true }));
      return { ...state, status: cards.length ? 'ready' : 'idle', cards, current: 0 };
    }
    case 'failed':
      // A failed output is dropped whole (and costs nothing); earlier history stays.
      return state.status === 'streaming'
        ? { ...state, status: 'idle', cards: [], current: 0 }
        : state;
    case 'cleared':
      return { ...initialAiState({ length: state.length, model: state.model }) };
    case 'nextCard':
      return state.status === 'ready' && state.current < state.cards.length - 1
        ? { ...state, current: state.current + 1 }
        : state;
    case 'previousCard':
      return state.status === 'ready' && state.current > 0
        ? { ...state, current: state.current - 1 }
        : state;
    case 'inserted':
      return { ...state, inserted: [...state.inserted, action.nodeid], undone: [] };
    case 'undone': {
      const last = state.inserted.at(-1);
      if (last === undefined) return state;
      return { ...state, inserted: state.inserted.slice(0, -1), undone: [...state.undone, last] };
    }
    case 'redone': {
      const last = state.undone.at(-1);
      if (last === undefined) return state;
      return { ...state, undone: state.undone.slice(0, -1), inserted: [...state.inserted, last] };
    }
    case 'lengthSet':
      return state.status === 'streaming' ? state : { ...state, length: action.length };
    case 'modelSet':
      return state.status === 'streaming' ? state : { ...state, model: action.model };
  }
}

export const selectCurrentCard = (s: AiWritingState): AiCard | null =>
  s.status === 'ready' ? (s.cards[s.current] ?? null) : null;
export const canUndo = (s: AiWritingState) => s.inserted.length > 0;
export const canRedo = (s: AiWritingState) => s.undone.length > 0;
/** The price of one card (spec 2 §1, charged per delivered card): free for an empty-input opening card. */
export const continuationCost = (s: AiWritingState, textBefore: string) =>
  textBefore.trim() === '' ? 0 : s.length;
