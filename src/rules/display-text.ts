/**
 * Bidirectional control characters in names and titles (issue 12, item 9).
 *
 * U+202A–U+202E (embeddings and overrides) and U+2066–U+2069 (isolates) are invisible and
 * reorder the text around them: a story called "\u202Eabc" shows as "cba" in lists, toasts and
 * confirm dialogs, and a name can be made to look like another. A one-line name never needs
 * them (the Unicode bidi algorithm orders Arabic or Hebrew in a title by itself), so they are
 * stripped: at the field as the user types or pastes, and again by the server for any client
 * that skips the field. Stripping rather than refusing because the user cannot see them, so an
 * error about them could not be acted on.
 */

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** The text without bidi embeddings, overrides and isolates (other characters untouched). */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
