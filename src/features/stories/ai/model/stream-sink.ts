/**
 * Live text of the cards being streamed, outside React: each piece is written straight into
 * the streaming card's text node as it arrives, and React state takes a card's text only when
 * the next card opens and at the end. Every React commit while the writer types in a long
 * chapter makes React walk the editor's DOM up to the caret (its selection bookkeeping), so
 * the stream adds no commits beside the typing.
 */
export interface StreamSink {
  reset(): void;
  append(index: number, text: string): void;
  text(index: number): string;
  subscribe(index: number, listener: (text: string) => void): () => void;
}

export function createStreamSink(): StreamSink {
  let texts: string[] = [];
  const listeners = new Map<number, Set<(text: string) => void>>();
  return {
    reset() {
      texts = [];
      for (const [index, set] of listeners) for (const l of set) l(texts[index] ?? '');
    },
    append(index, text) {
      texts[index] = (texts[index] ?? '') + text;
      for (const l of listeners.get(index) ?? []) l(texts[index]);
    },
    text: (index) => texts[index] ?? '',
    subscribe(index, listener) {
      let set = listeners.get(index);
      if (!set) listeners.set(index, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}
