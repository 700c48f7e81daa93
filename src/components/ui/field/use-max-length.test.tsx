import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { countText, isTooLong } from '@/rules/text-count';
import { fittingPrefix, useMaxLength, type MaxLengthOptions } from './use-max-length';

function Counted({
  limit,
  initial = '',
  multiline,
  options,
}: {
  limit: number;
  initial?: string;
  multiline?: boolean;
  options?: MaxLengthOptions;
}) {
  const [value, setValue] = useState(initial);
  const maxLength = useMaxLength(limit, options);
  const props = {
    'aria-label': 'Text',
    ref: maxLength.ref,
    value,
    onChange: (e: { target: { value: string } }) => setValue(e.target.value),
  };
  return (
    <>
      {multiline ? <textarea {...props} /> : <input {...props} />}
      <span data-testid="count">{`${countText(value)}/${limit}`}</span>
      {maxLength.message ? <span role="alert">{maxLength.message}</span> : null}
    </>
  );
}

const box = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Text' });

describe('useMaxLength', () => {
  it('blocks typed Chinese characters once the count is at the limit, and says so', async () => {
    const user = userEvent.setup();
    render(<Counted limit={5} />);
    await user.type(box(), '一二三四五六七');
    expect(box()).toHaveValue('一二三四五');
    expect(screen.getByTestId('count')).toHaveTextContent('5/5');
    expect(screen.getByRole('alert')).toHaveTextContent('最多 5 字');
  });

  it('counts a Latin word once, so letters go on within the last word but a new word stops', async () => {
    const user = userEvent.setup();
    render(<Counted limit={2} />);
    await user.type(box(), 'hello world again');
    // "hello world" is 2; the space counts 0, "a" would start a third word.
    expect(box()).toHaveValue('hello world ');
    expect(screen.getByTestId('count')).toHaveTextContent('2/2');
  });

  it('lets deleting through and clears the message', async () => {
    const user = userEvent.setup();
    render(<Counted limit={3} initial="一二三" />);
    await user.click(box());
    await user.keyboard('四');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.keyboard('{Backspace}');
    expect(box()).toHaveValue('一二');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.keyboard('五');
    expect(box()).toHaveValue('一二五');
  });

  it('replaces a selection when the result fits', async () => {
    const user = userEvent.setup();
    render(<Counted limit={3} initial="一二三" />);
    await user.type(box(), '甲', { initialSelectionStart: 0, initialSelectionEnd: 1 });
    expect(box()).toHaveValue('甲二三');
  });

  it('trims a paste past the limit to what fits, with a message', async () => {
    const user = userEvent.setup();
    render(<Counted limit={4} initial="一二" />);
    await user.click(box());
    await user.paste('三四五六');
    expect(box()).toHaveValue('一二三四');
    expect(screen.getByTestId('count')).toHaveTextContent('4/4');
    expect(screen.getByRole('alert')).toHaveTextContent('超出部分已截去');
    // The caret is after the kept text.
    expect(box().selectionStart).toBe(4);
  });

  it('lets a paste that fits through untouched', async () => {
    const user = userEvent.setup();
    render(<Counted limit={4} />);
    await user.click(box());
    await user.paste('三四');
    expect(box()).toHaveValue('三四');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a paste whole when asked to, and when nothing fits', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Counted limit={4} initial="一二" options={{ paste: 'refuse' }} />);
    await user.click(box());
    await user.paste('三四五');
    expect(box()).toHaveValue('一二');
    expect(screen.getByRole('alert')).toHaveTextContent('未粘贴');
    unmount();

    render(<Counted limit={2} initial="一二" />);
    await user.click(box());
    await user.paste('三');
    expect(box()).toHaveValue('一二');
    expect(screen.getByRole('alert')).toHaveTextContent('未粘贴');
  });

  it('lets a line break into a full textarea (it counts 0) but not the next character', async () => {
    const user = userEvent.setup();
    render(<Counted limit={2} initial="一二" multiline />);
    await user.click(box());
    await user.keyboard('{Enter}三');
    expect(box()).toHaveValue('一二\n');
  });

  it('never interrupts a composition, and trims what was composed past the limit when it ends', () => {
    render(<Counted limit={3} initial="一" />);
    const input = box();
    input.setSelectionRange(1, 1);
    fireEvent.compositionStart(input);
    // Mid-composition the text may pass the limit: the IME owns it until it ends.
    const composing = new InputEvent('beforeinput', {
      inputType: 'insertCompositionText',
      data: '二三四五',
      isComposing: true,
      cancelable: true,
      bubbles: true,
    });
    input.dispatchEvent(composing);
    expect(composing.defaultPrevented).toBe(false);
    fireEvent.change(input, { target: { value: '一二三四五' } });
    expect(input).toHaveValue('一二三四五');
    input.setSelectionRange(5, 5);
    fireEvent.compositionEnd(input, { data: '二三四五' });
    expect(input).toHaveValue('一二三');
    expect(screen.getByTestId('count')).toHaveTextContent('3/3');
    expect(input.selectionStart).toBe(3);
    expect(screen.getByRole('alert')).toHaveTextContent('最多 3 字');
  });

  it('keeps a composition that ends within the limit', () => {
    render(<Counted limit={3} />);
    const input = box();
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: '你好' } });
    input.setSelectionRange(2, 2);
    fireEvent.compositionEnd(input, { data: '你好' });
    expect(input).toHaveValue('你好');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('useMaxLength with its own measure', () => {
  it('blocks by code points when the field counts them', async () => {
    const user = userEvent.setup();
    render(<Counted limit={3} options={{ isOver: (text) => [...text].length > 3 }} />);
    await user.type(box(), 'abcdef');
    expect(box()).toHaveValue('abc');
  });
});

describe('useMaxLength with the field’s own ref', () => {
  it('sets the field’s ref to the control and clears it when the control goes', () => {
    const own = createRef<HTMLInputElement>();
    function WithRef() {
      const maxLength = useMaxLength(3, { elementRef: own });
      return <input aria-label="Text" ref={maxLength.ref} />;
    }
    const { unmount } = render(<WithRef />);
    expect(own.current).toBe(box());
    unmount();
    expect(own.current).toBeNull();
  });
});

describe('fittingPrefix', () => {
  it('keeps whole code points and the most that fits', () => {
    const over = (limit: number) => (text: string) => isTooLong(text, limit);
    expect(fittingPrefix('', '😀😀😀', '', over(2))).toBe('😀😀');
    expect(fittingPrefix('一', 'abc def', '二', over(3))).toBe('abc ');
    expect(fittingPrefix('一二', '三', '', over(2))).toBe('');
  });
});
