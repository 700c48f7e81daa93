import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

describe('copyText', () => {
  const execCommand = document.execCommand;
  afterEach(() => {
    document.execCommand = execCommand;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('uses the Clipboard API when there is one', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await expect(copyText('https://a.example')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://a.example');
  });

  it('falls back to a selection when the Clipboard API refuses', async () => {
    const writeText = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const copied: string[] = [];
    const exec = vi.fn((_command: string) => {
      // The text to copy is in a field on the page while it is copied, gone afterwards.
      copied.push(document.querySelector('textarea')?.value ?? '');
      return true;
    });
    document.execCommand = exec as unknown as typeof document.execCommand;
    await expect(copyText('https://a.example')).resolves.toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(copied).toEqual(['https://a.example']);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('reports failure when neither way works', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    document.execCommand = vi.fn(() => false) as unknown as typeof document.execCommand;
    await expect(copyText('x')).resolves.toBe(false);
    document.execCommand = vi.fn(() => {
      throw new Error('not supported');
    }) as unknown as typeof document.execCommand;
    await expect(copyText('x')).resolves.toBe(false);
  });
});
