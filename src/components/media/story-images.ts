/**
 * A 48 × 96 four-colour PNG for stories: small enough to inline, a real image for cropperjs.
 * Imported only by stories.
 */
const SAMPLE_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAADAAAABgCAIAAADU7mYnAAAAbElEQVR42u3OMRHAIAAEMKQxdS0zIqoCNVWCAjRUQydM/DHlLgJSvn5H1LEiipCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJDQwdA/r4j2PhFCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQgdDG0wZuzTVoHVzAAAAAElFTkSuQmCC';

export const SAMPLE_PNG_URL = `data:image/png;base64,${SAMPLE_PNG_BASE64}`;

export function samplePngFile(): File {
  const bytes = Uint8Array.from(atob(SAMPLE_PNG_BASE64), (c) => c.charCodeAt(0));
  return new File([bytes], 'sample.png', { type: 'image/png' });
}
