import { useState } from 'react';
import { fireEvent, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/lib/i18n';
import { placeholderReport, watchPlaceholders } from './placeholder-guard';
import { renderWithProviders } from './render';

function Flash({ text }: { text: string }) {
  const [shown, setShown] = useState(true);
  return shown ? (
    <button type="button" onClick={() => setShown(false)}>
      {text}
    </button>
  ) : null;
}

describe('the placeholder guard', () => {
  it('reports a message shown with its placeholder left in, even one that went away', async () => {
    // Outside the document, so the guard every test runs under does not see it too.
    const host = document.createElement('div');
    const watch = watchPlaceholders(host);
    const { unmount } = renderWithProviders(
      <Flash text={i18next.t('exploration:errors.inputLength')} />,
      { container: host },
    );
    fireEvent.click(await within(host).findByRole('button'));
    expect(host.textContent).toBe('');
    const found = watch.stop();
    unmount();
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('{{max}}');
    expect(placeholderReport(found)).toMatch(/placeholder not filled in/);
  });

  it('reads the labels people hear and hover, and ignores what a writer typed', () => {
    const host = document.createElement('div');
    const watch = watchPlaceholders(host);
    const labelled = document.createElement('button');
    labelled.setAttribute('aria-label', '关闭 {{name}}');
    const typed = document.createElement('textarea');
    typed.value = 'my {{template}}';
    typed.textContent = 'my {{template}}';
    host.append(labelled, typed);
    const found = watch.stop();
    expect(found).toEqual([expect.stringContaining('[aria-label]: 关闭 {{name}}')]);
  });

  it('passes a message whose values are filled in', () => {
    const host = document.createElement('div');
    const watch = watchPlaceholders(host);
    host.textContent = i18next.t('exploration:errors.inputLength', { max: 500 });
    const found = watch.stop();
    expect(found).toEqual([]);
  });
});

describe('the placeholder guard on whole subtrees', () => {
  it('finds a mark deep in an added subtree, in text and in a label, and skips code and edited text', async () => {
    const host = document.createElement('div');
    const watch = watchPlaceholders(host);
    const added = document.createElement('section');
    added.innerHTML =
      '<div><p>第 {{n}} 章</p><div><span title="删除 {{title}}">x</span></div></div>' +
      '<pre><b title="{{shown}}">{{code}}</b></pre><div contenteditable="true"><p>草稿</p></div>';
    host.append(added);
    // A writer types a template into the editable text: their own text, never reported.
    await Promise.resolve();
    added.querySelector('[contenteditable] p')!.firstChild!.textContent = '草稿 {{mine}}';
    const found = watch.stop();
    expect(found).toHaveLength(2);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringContaining('<p>: 第 {{n}} 章'),
        expect.stringContaining('<span> [title]: 删除 {{title}}'),
      ]),
    );
  });
});
