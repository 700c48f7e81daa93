/**
 * The mock server's clock. Scenarios may shift it (a token that is about to expire is the
 * same as a server whose time has moved on); tests may pin it.
 */
let offsetMs = 0;
let pinned: number | null = null;

export const clock = {
  nowMs: () => (pinned ?? Date.now()) + offsetMs,
  nowS: () => Math.floor(((pinned ?? Date.now()) + offsetMs) / 1000),
  shift(ms: number) {
    offsetMs += ms;
  },
  pin(ms: number | null) {
    pinned = ms;
  },
  /** The shift from the host's clock, persisted with the data so a restarted backend keeps it. */
  offsetMs: () => offsetMs,
  setOffset(ms: number) {
    offsetMs = ms;
  },
  reset() {
    offsetMs = 0;
    pinned = null;
  },
};
