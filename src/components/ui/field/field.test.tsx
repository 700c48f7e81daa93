import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

describe('Field', () => {
  it('labels its control and describes it by the hint and the error', () => {
    render(
      <Field label="Name" hint="1–30 characters" error="Too long">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Too long 1–30 characters');
    expect(screen.getByRole('alert')).toHaveTextContent('Too long');
  });

  it('is valid and undescribed without hint or error', () => {
    render(<Field label="Name">{(control) => <textarea {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
