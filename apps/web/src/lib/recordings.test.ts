import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropRecording, keepRecording, recordingBlob } from './recordings';

describe('recordings kept on the page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads a kept recording back without fetching its blob: URL', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/wav' });
    const url = keepRecording(blob);
    expect(url.startsWith('blob:')).toBe(true);
    expect(await recordingBlob(url)).toBe(blob);
    expect(fetchSpy).not.toHaveBeenCalled();
    dropRecording(url);
    await expect(recordingBlob(url)).rejects.toThrow('no longer kept');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
