/**
 * Children of <body> with this attribute stay reachable while a dialog is open: the toast's
 * live region (a toast must still be read) and the demo's own tools.
 */
export const OUTSIDE_MODALS = 'data-outside-modals';

/** Open dialogs' layers (their backdrops, children of <body>), the newest last. */
const layers: HTMLElement[] = [];
/** Elements this module made inert; an `inert` someone else set is never touched. */
const madeInert = new Set<Element>();
let observer: MutationObserver | null = null;
const layerListeners = new Set<() => void>();

/**
 * How many dialogs are open on the page, registered or not (a confirmation a screen renders
 * itself counts too): the dialog store holds promotional pop-ups while any is.
 */
export function openModalLayerCount(): number {
  return layers.length;
}

/** Called after a dialog's layer is entered or left. */
export function subscribeModalLayers(listener: () => void): () => void {
  layerListeners.add(listener);
  return () => layerListeners.delete(listener);
}

/**
 * Makes everything beside the newest dialog inert — the app root, other portals, a dialog
 * underneath — so neither focus nor a screen reader's cursor can wander behind it
 * (`aria-modal` alone does not stop either). Returns the function that undoes it.
 */
export function enterModalLayer(layer: HTMLElement): () => void {
  layers.push(layer);
  sync();
  for (const l of [...layerListeners]) l();
  return () => {
    const at = layers.lastIndexOf(layer);
    if (at >= 0) layers.splice(at, 1);
    sync();
    for (const l of [...layerListeners]) l();
  };
}

/** Whether this layer is the newest open dialog's (the one keys and focus belong to). */
export function isTopModalLayer(layer: HTMLElement): boolean {
  return topLayer() === layer;
}

function topLayer(): HTMLElement | undefined {
  return [...layers].reverse().find((l) => l.isConnected);
}

function sync() {
  const top = topLayer();
  const wanted = new Set<Element>();
  if (top) {
    for (const child of Array.from(document.body.children)) {
      if (child.contains(top) || child.hasAttribute(OUTSIDE_MODALS)) continue;
      wanted.add(child);
    }
  }
  for (const el of [...madeInert]) {
    if (wanted.has(el)) continue;
    el.removeAttribute('inert');
    madeInert.delete(el);
  }
  for (const el of wanted) {
    if (el.hasAttribute('inert')) continue;
    el.setAttribute('inert', '');
    madeInert.add(el);
  }
  // Whatever is added to <body> while a dialog is open (another portal) goes inert too.
  if (layers.length && !observer) {
    observer = new MutationObserver(sync);
    observer.observe(document.body, { childList: true });
  } else if (!layers.length && observer) {
    observer.disconnect();
    observer = null;
  }
}
