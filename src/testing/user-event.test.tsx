import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userEvent as storyUserEvent } from 'storybook/test';

/** A controlled field that drops every "x": only React's change handler can make 'abc'. */
function Field() {
  const [value, setValue] = useState('');
  return (
    <input
      aria-label="field"
      value={value}
      onChange={(e) => setValue(e.target.value.replaceAll('x', ''))}
    />
  );
}

/**
 * Unit tests type with `@testing-library/user-event`, stories with `storybook/test`; in one
 * worker they share a document. Typing must reach React whichever typed last.
 */
describe('user-event in a shared document (src/testing/storybook-test.ts)', () => {
  const typists = [
    ['a story', (el: HTMLElement) => storyUserEvent.type(el, 'axbc')],
    ['a unit test', (el: HTMLElement) => userEvent.setup().type(el, 'axbc')],
    ['a story again', (el: HTMLElement) => storyUserEvent.type(el, 'axbc')],
    ['a unit test again', (el: HTMLElement) => userEvent.setup().type(el, 'axbc')],
  ] as const;
  it.each(typists)('%s types through React', async (_, type) => {
    render(<Field />);
    await type(screen.getByRole('textbox', { name: 'field' }));
    expect(screen.getByRole('textbox', { name: 'field' })).toHaveValue('abc');
    cleanup();
  });
});
