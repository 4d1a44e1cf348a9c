import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { RECORDER_CHUNK_MS } from '@kouyu/core';

/**
 * Records a sine tone with a real browser's MediaRecorder (Debian's Chromium, headless), the way
 * the web app records answers: `audio/webm;codecs=opus` in 100 ms chunks. Tests get a genuine
 * live WebM (unknown-size Segment and Clusters) instead of a hand-made file.
 */
export async function recordToneInChromium(hz: number, seconds: number): Promise<Buffer> {
  const executablePath = [
    process.env['CHROMIUM_PATH'],
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].find((p): p is string => typeof p === 'string' && existsSync(p));
  if (!executablePath)
    throw new Error('Chromium not found: install it (apt-get install chromium) or set CHROMIUM_PATH');
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const page = await browser.newPage();
    // Page code as a string: it runs in the browser, where the DOM types this package does not load exist.
    const base64: unknown = await page.evaluate(`(async () => {
      const ctx = new AudioContext({ sampleRate: 48000 });
      const osc = new OscillatorNode(ctx, { frequency: ${hz} });
      const gain = new GainNode(ctx, { gain: 0.5 });
      const dest = ctx.createMediaStreamDestination();
      osc.connect(gain).connect(dest);
      osc.start();
      const recorder = new MediaRecorder(dest.stream, { mimeType: 'audio/webm;codecs=opus' });
      const chunks = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(${RECORDER_CHUNK_MS});
      await new Promise((resolve) => setTimeout(resolve, ${seconds * 1000}));
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    })()`);
    if (typeof base64 !== 'string') throw new Error('the browser returned no recording');
    return Buffer.from(base64, 'base64');
  } finally {
    await browser.close();
  }
}
