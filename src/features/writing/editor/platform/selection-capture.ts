/**
 * Platform patch (README.md in this folder): before every commit anywhere in the app, React
 * reads the selection of the focused element when that element is contenteditable, to restore
 * it should the commit move the element; it walks the DOM from the element's start to the
 * caret to do so. The editor root never moves, and Slate restores its own selection, so React
 * is shown no selection to keep: it checks `contentEditable === 'true'`, and this element's
 * own `contentEditable` property answers 'inherit'. The attribute is untouched: the browser,
 * Slate (`isContentEditable`) and assistive technology see an editable element as before.
 */
export function withoutReactSelectionCapture(el: HTMLDivElement | null) {
  if (el && !Object.prototype.hasOwnProperty.call(el, 'contentEditable'))
    Object.defineProperty(el, 'contentEditable', { configurable: true, get: () => 'inherit' });
}
