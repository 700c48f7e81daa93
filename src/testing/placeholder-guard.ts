/**
 * A message shown with a placeholder left in it (「最多 {{max}} 字」) is a message no reader can
 * use. The guard watches the document while a test or story runs and reports every `{{` that
 * reached the page: in text, or in the attributes people read through assistive technology
 * or on hover. It watches changes, so a toast or an error that came and went is caught too.
 */

const READ_ATTRIBUTES = ['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'value'];
const MARK = '{{';

function describe(node: Node): string {
  const el = node instanceof Element ? node : node.parentElement;
  if (!el) return '#text';
  const id = el.id ? `#${el.id}` : '';
  return `<${el.tagName.toLowerCase()}${id}>`;
}

/** Where the page shows the reader's own text (a template a writer typed), not a message. */
const OWN_TEXT = 'code, pre, [contenteditable="true"], textarea';
/** Elements whose read attributes hold a placeholder, found by one selector query. */
const MARKED = READ_ATTRIBUTES.map((name) => `[${name}*="${MARK}"]`).join(', ');

function ownText(node: Node): boolean {
  const el = node instanceof Element ? node : node.parentElement;
  return el?.closest(OWN_TEXT) != null;
}

/**
 * Adds what `node` and everything under it show with a placeholder left in. One pass over the
 * subtree, and only when it holds the mark at all: every render adds whole subtrees, and a
 * check per element (a query over each one's own subtree) made the guard a tenth of a render
 * test's time.
 */
function scan(node: Node, found: Set<string>) {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.textContent ?? '';
    if (text.includes(MARK) && !ownText(node))
      found.add(`${describe(node)}: ${text.trim().slice(0, 120)}`);
    return;
  }
  if (!(node instanceof Element) || ownText(node)) return;
  for (const el of [node, ...node.querySelectorAll(MARKED)]) {
    if (el !== node && ownText(el)) continue;
    for (const name of READ_ATTRIBUTES) {
      const value = el.getAttribute(name);
      if (value?.includes(MARK)) found.add(`${describe(el)} [${name}]: ${value.slice(0, 120)}`);
    }
  }
  if (!(node.textContent ?? '').includes(MARK)) return;
  const texts = node.ownerDocument.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = texts.nextNode(); text; text = texts.nextNode()) scan(text, found);
}

export interface PlaceholderWatch {
  /** Stops watching and returns what was seen (with the document as it is now). */
  stop(): string[];
}

/** Starts watching `root` (by default the whole document body). */
export function watchPlaceholders(root: Node = document.body): PlaceholderWatch {
  const found = new Set<string>();
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') record.addedNodes.forEach((n) => scan(n, found));
      else if (record.type === 'characterData') scan(record.target, found);
      else if (record.type === 'attributes') scan(record.target, found);
    }
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: READ_ATTRIBUTES,
  });
  scan(root, found);
  return {
    stop() {
      for (const record of observer.takeRecords()) {
        if (record.type === 'childList') record.addedNodes.forEach((n) => scan(n, found));
        else scan(record.target, found);
      }
      observer.disconnect();
      scan(root, found);
      return [...found];
    },
  };
}

export function placeholderReport(found: string[]): string {
  return `Text was shown with a placeholder not filled in:\n- ${found.join('\n- ')}`;
}
