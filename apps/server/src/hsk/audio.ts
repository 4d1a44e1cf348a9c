import type { FastifyBaseLogger } from 'fastify';
import type { HskAudio } from '@kouyu/core';
import type { TtsService } from '../speech/tts/service.js';

/** Parallel syntheses per set request: enough to overlap disk and engine, few enough to leave CPU to others. */
const SYNTHESIS_CONCURRENCY = 3;

/**
 * The cached audio of each text (synthesised on first use, then read from the cache), or null for
 * a text the engine could not say; one failure does not stop the others.
 */
export async function audioFor(
  tts: TtsService,
  texts: readonly string[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Map<string, HskAudio | null>> {
  const out = new Map<string, HskAudio | null>();
  let next = 0;
  const worker = async () => {
    while (next < texts.length) {
      const text = texts[next++];
      if (text === undefined) break;
      try {
        const result = await tts.synthesizeToCache(text, { content: true });
        out.set(text, result ? { url: result.mp3Url, duration_ms: result.durationMs } : null);
      } catch (err) {
        log.warn({ err, text }, 'HSK audio synthesis failed');
        out.set(text, null);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SYNTHESIS_CONCURRENCY, texts.length) }, worker));
  return out;
}
