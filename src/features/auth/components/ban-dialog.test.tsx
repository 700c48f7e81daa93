import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { addListener } from '@reduxjs/toolkit';
import { renderWithProviders } from '@/testing/render';
import { BanDialog, formatRemaining } from './ban-dialog';
import { banEnded } from '@/session/events';

describe('BanDialog', () => {
  it('closes itself when the end time passes and asks for the session to be looked at again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let now = Date.UTC(2026, 0, 1, 12, 0, 0);
      const onClose = vi.fn();
      const { store } = renderWithProviders(
        <BanDialog dialogId={1} onClose={onClose} endS={now / 1000 + 3} nowMs={() => now} />,
      );
      const ended = vi.fn();
      store.dispatch(addListener({ actionCreator: banEnded, effect: ended }));
      expect(await screen.findByRole('dialog', { name: '账号已被封禁' })).toBeInTheDocument();
      expect(screen.getByText(/剩余时间：0 分 03 秒/)).toBeInTheDocument();
      now += 3000;
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(onClose).toHaveBeenCalled();
      expect(ended).toHaveBeenCalledTimes(1);
      expect(store.getState().toast.current?.msg).toBe('封禁已结束，欢迎回来。');
    } finally {
      vi.useRealTimers();
    }
  });

  it('formats the time left with the two largest units', () => {
    const en = { d: 'd', h: 'h', m: 'min', s: 's' };
    const zh = { d: '天', h: '小时', m: '分', s: '秒' };
    expect(formatRemaining(3 * 86400_000 + 4 * 3600_000 + 5000, en)).toBe('3 d 4 h');
    expect(formatRemaining(4 * 3600_000 + 5 * 60_000, en)).toBe('4 h 05 min');
    expect(formatRemaining(12 * 60_000 + 9000, zh)).toBe('12 分 09 秒');
    expect(formatRemaining(-5, zh)).toBe('0 分 00 秒');
  });
});
