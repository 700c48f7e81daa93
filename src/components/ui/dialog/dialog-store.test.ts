import { describe, expect, it } from 'vitest';
import { dialogStore } from './dialog-store';

describe('dialog store', () => {
  it('re-mounts the login dialog on every opening and keeps only one (spec 1 §2)', () => {
    const first = dialogStore.open('login');
    const second = dialogStore.open('login', { from: 'guard' });
    const logins = dialogStore.getSnapshot().filter((d) => d.name === 'login');
    expect(logins).toHaveLength(1);
    expect(logins[0]!.id).toBe(second);
    expect(second).not.toBe(first);
    expect(logins[0]!.props).toEqual({ from: 'guard' });
  });

  it('allows several dialogs of other kinds, closed by id or name', () => {
    const a = dialogStore.open('report');
    dialogStore.open('report');
    expect(dialogStore.getSnapshot().filter((d) => d.name === 'report')).toHaveLength(2);
    dialogStore.close(a);
    expect(dialogStore.getSnapshot().filter((d) => d.name === 'report')).toHaveLength(1);
    dialogStore.closeByName('report');
    expect(dialogStore.isOpen('report')).toBe(false);
  });

  it('drops story, AI, pay-QR, nickname, user-info and record dialogs on route change, keeps the rest', () => {
    for (const name of [
      'story',
      'ai',
      'payQr',
      'nickname',
      'userInfo',
      'record',
      'login',
      'report',
    ])
      dialogStore.open(name);
    dialogStore.routeChanged();
    expect(
      dialogStore
        .getSnapshot()
        .map((d) => d.name)
        .sort(),
    ).toEqual(['login', 'report']);
  });

  it('notifies subscribers only when something changed', () => {
    let calls = 0;
    const off = dialogStore.subscribe(() => (calls += 1));
    dialogStore.routeChanged();
    dialogStore.close(9999);
    expect(calls).toBe(0);
    dialogStore.open('login');
    expect(calls).toBe(1);
    off();
  });
});
