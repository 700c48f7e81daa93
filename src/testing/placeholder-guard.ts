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

function scan(node: Node, found: Set<string>) {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.textContent ?? '';
    if (text.includes(MARK)) found.add(`${describe(node)}: ${text.trim().slice(0, 120)}`);
    return;
  }
  if (!(node instanceof Element)) return;
  // Code the page shows as code (a template a writer typed) is the reader's own text.
  if (node.closest('code, pre, [contenteditable="true"], textarea')) return;
  for (const name of READ_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value?.includes(MARK)) found.add(`${describe(node)} [${name}]: ${value.slice(0, 120)}`);
  }
  const text = node.textContent ?? '';
  if (!text.includes(MARK) && !node.querySelector('[aria-label], [title], [placeholder], [alt]'))
    return;
  for (const child of node.childNodes) scan(child, found);
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
