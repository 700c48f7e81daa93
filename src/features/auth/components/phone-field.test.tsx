import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALLCODES, CODE_RESEND_SECONDS } from '../model/phone';
import { PhoneField } from './text-field';
import { useResendCountdown } from './use-resend-countdown';

function Phone({ error }: { error?: string }) {
  const [phone, setPhone] = useState('');
  const [callcode, setCallcode] = useState('86');
  return (
    <>
      <PhoneField
        label="Phone"
        callcodeLabel="Calling code"
        placeholder="Number"
        phone={phone}
        onPhoneChange={setPhone}
        callcode={callcode}
        onCallcodeChange={setCallcode}
        error={error}
      />
      <output>{`+${callcode} ${phone}`}</output>
    </>
  );
}

describe('PhoneField (phone login, phone binding)', () => {
  it('offers every calling code before the number and hands both to the caller', async () => {
    const user = userEvent.setup();
    render(<Phone />);
    const select = screen.getByRole('combobox', { name: 'Calling code' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
      CALLCODES.map((c) => `+${c}`),
    );
    await user.selectOptions(select, '852');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '91234567');
    expect(screen.getByRole('status')).toHaveTextContent('+852 91234567');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('inputmode', 'tel');
  });

  it('shows its error at the number', () => {
    render(<Phone error="Invalid number" />);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      'Invalid number',
    );
  });
});

describe('useResendCountdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the 60 s down once a second from a send, and resumes from a 42901 retry_after', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useResendCountdown());
    expect(result.current.secondsLeft).toBe(0);
    act(() => result.current.started());
    expect(result.current.secondsLeft).toBe(CODE_RESEND_SECONDS);
    act(() => void vi.advanceTimersByTime(5000));
    expect(result.current.secondsLeft).toBe(CODE_RESEND_SECONDS - 5);
    act(() => void vi.advanceTimersByTime(CODE_RESEND_SECONDS * 1000));
    expect(result.current.secondsLeft).toBe(0);
    act(() => result.current.started(12));
    expect(result.current.secondsLeft).toBe(12);
  });
});
