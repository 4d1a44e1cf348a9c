// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { clearDebugLog, logDebug } from '@/lib/debug-log';
import { i18n } from '@/lib/i18n';
import { DebugLogPanel } from './debug-log-panel';

afterEach(() => {
  cleanup();
  clearDebugLog();
});

describe('DebugLogPanel', () => {
  it('says when nothing was logged, then follows new entries with their count', async () => {
    await i18n.changeLanguage('en');
    render(<DebugLogPanel />);
    expect(screen.getByText('Connection log (0)')).toBeTruthy();
    expect(screen.getByText('Nothing logged yet.')).toBeTruthy();
    act(() => {
      logDebug('asr', 'warn', 'socket dropped mid-answer', Date.UTC(2026, 0, 1, 8, 0, 1, 5));
      logDebug('network', 'info', 'ping 40 ms: good', Date.UTC(2026, 0, 1, 8, 0, 2, 0));
    });
    expect(screen.getByText('Connection log (2)')).toBeTruthy();
    expect(screen.getByTestId('debug-log-entries').textContent).toBe(
      '08:00:01.005 asr warn socket dropped mid-answer\n08:00:02.000 network info ping 40 ms: good',
    );
    expect(screen.getByRole('button', { name: 'Copy the connection log' })).toBeTruthy();
  });

  it('speaks the learner’s language', async () => {
    await i18n.changeLanguage('ru');
    render(<DebugLogPanel />);
    expect(screen.getByText('Журнал соединения (0)')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
