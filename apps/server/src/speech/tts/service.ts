import type { Config } from '../../config.js';
import { AudioCache, audioHash } from '../audio/cache.js';
import type { CachedAudio } from '../audio/cache.js';
import { createAudioStore } from '../audio/store.js';
import { concatPcm } from '../audio/wav.js';
import { CosyVoiceEngine } from './cosyvoice-engine.js';
import type { TtsEngine } from './engine.js';
import { EspeakEngine } from './espeak-engine.js';
import type { EspeakMode } from './espeak-engine.js';
import { normaliseText } from './text.js';

/** One synthesis in the cache, and whether it was there already. */
export interface SynthesisResult extends CachedAudio {
  cacheHit: boolean;
}

/** The engine the configuration asks for: CosyVoice with a DashScope key (or when forced), else espeak-ng. */
export function createTtsEngine(config: Config, espeakMode: EspeakMode = 'auto'): TtsEngine {
  const cosy =
    config.TTS_ENGINE === 'cosyvoice' ||
    (config.TTS_ENGINE === 'auto' && config.DASHSCOPE_API_KEY !== undefined);
  if (cosy) {
    // Without a key this engine reports itself not ready and every synthesis fails with that reason.
    return new CosyVoiceEngine({
      apiKey: config.DASHSCOPE_API_KEY,
      url: config.DASHSCOPE_WS_URL,
      model: config.COSYVOICE_MODEL,
      voice: config.COSYVOICE_VOICE,
      idleTimeoutMs: config.TTS_TIMEOUT_MS,
    });
  }
  return new EspeakEngine({ mode: espeakMode });
}

/** Synthesis plus the content-addressed cache: what routes, the content seed and word audio call. */
export class TtsService {
  private readonly inflight = new Map<string, Promise<SynthesisResult | null>>();

  constructor(
    readonly engine: TtsEngine,
    readonly cache: AudioCache,
  ) {}

  /** The normalised text and its cache key for this engine's default voice. */
  key(text: string): { text: string; hash: string } {
    const normalised = normaliseText(text);
    return { text: normalised, hash: audioHash(this.engine.name, this.engine.voice, normalised) };
  }

  /**
   * Makes sure the text's audio is cached (MP3, HLS, WAV) and returns its URLs. Null when the
   * text is empty after normalisation or the engine has nothing to say for it (spec 001 §5).
   */
  async synthesizeToCache(text: string, opts: { content?: boolean } = {}): Promise<SynthesisResult | null> {
    const { text: normalised, hash } = this.key(text);
    if (!normalised) return null;
    const content = opts.content === true;
    const running = this.inflight.get(hash);
    if (running) {
      const result = await running;
      if (result && content) await this.cache.pin(hash);
      return result;
    }
    const job = (async (): Promise<SynthesisResult | null> => {
      const hit = await this.cache.lookup(hash);
      if (hit) {
        // Content found cached (first asked for by someone else) is kept from now on.
        if (content) await this.cache.pin(hash);
        return { ...hit, cacheHit: true };
      }
      const chunks: Int16Array[] = [];
      for await (const chunk of this.engine.synthesize(normalised)) chunks.push(chunk);
      const pcm = concatPcm(chunks);
      if (pcm.length === 0) return null;
      const saved = await this.cache.save(hash, pcm, {
        engine: this.engine.name,
        voice: this.engine.voice,
        text: normalised,
        content,
      });
      return { ...saved, cacheHit: false };
    })();
    this.inflight.set(hash, job);
    try {
      return await job;
    } finally {
      this.inflight.delete(hash);
    }
  }

  /** The engine's line in the health report. */
  async report(): Promise<{ kind: string; name: string; ready: boolean; detail?: string }> {
    const status = await this.engine.ready();
    return { kind: 'tts', name: this.engine.name, ...status };
  }
}

const services = new WeakMap<Config, TtsService>();

/** The service for this configuration, made once (one engine and store per app). */
export function ttsServiceFor(config: Config): TtsService {
  let service = services.get(config);
  if (!service) {
    const cache = new AudioCache(createAudioStore(config), config.AUDIO_CACHE_MAX_MB * 1024 * 1024);
    service = new TtsService(createTtsEngine(config), cache);
    services.set(config, service);
  }
  return service;
}

/** Pre-generates the audio of `text` with the configured engine and cache; see TtsService.synthesizeToCache. */
export function synthesizeToCache(text: string, config: Config): Promise<SynthesisResult | null> {
  return ttsServiceFor(config).synthesizeToCache(text, { content: true });
}
