// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '@/lib/i18n';
import { ToneDrill } from './tone-drill';

// A recorder whose encoder starts when the test says so, as MediaRecorder does on a busy phone.
const encoder = vi.hoisted(() => ({ deliver: () => undefined as void }));
vi.mock('@/lib/audio/microphone', () => ({
  openMicrophone: () => Promise.resolve({ getTracks: () => [] }),
  closeStream: () => undefined,
  WebmRecording: {
    start: () => {
      const live = new Promise<void>((resolve) => {
        encoder.deliver = resolve;
      });
      return { analyser: null, started: () => live, stop: () => Promise.resolve(new Blob()) };
    },
  },
}));

afterEach(cleanup);

describe('the tone drill', () => {
  it('says "recording" only once the encoder delivers audio, and cannot be started twice meanwhile', async () => {
    render(<ToneDrill signedIn onBeforeRecord={() => undefined} />);
    const drill = screen.getByTestId('tone-drill');
    fireEvent.click(screen.getByTestId('tone-drill-record'));
    await waitFor(() => expect(drill.dataset['state']).toBe('starting'));
    expect(screen.getByTestId('tone-drill-record')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('tone-drill-stop')).toBeNull();
    await act(async () => encoder.deliver());
    await waitFor(() => expect(drill.dataset['state']).toBe('recording'));
    expect(screen.getByTestId('tone-drill-stop')).toBeTruthy();
  });
});
