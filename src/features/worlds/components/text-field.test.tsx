import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

const RLO = '\u202E';

function Controlled({ multiline }: { multiline?: boolean }) {
  const [value, setValue] = useState('');
  return <TextField label="Name" value={value} onChange={setValue} multiline={multiline} />;
}

describe('name fields strip bidi control characters', () => {
  it('a one-line field (world title, entry name, goal) never holds them', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await user.type(input, `${RLO}林月`);
    expect(input).toHaveValue('林月');
    await user.click(input);
    await user.paste(`\u2066白鹤\u2069`);
    expect(input).toHaveValue('林月白鹤');
  });

  it('a multi-line text (background, description) is left as typed', async () => {
    const user = userEvent.setup();
    render(<Controlled multiline />);
    const area = screen.getByRole('textbox', { name: 'Name' });
    await user.type(area, `a${RLO}b`);
    expect(area).toHaveValue(`a${RLO}b`);
  });
});
