import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../config.js';
import type { Config } from '../../config.js';
import { DashScopeEngine } from './dashscope-engine.js';
import { DoubaoEngine } from './doubao-engine.js';
import { OpenAiAsrEngine } from './openai-engine.js';
import { SherpaEngine } from './sherpa-engine.js';
import { DEFAULT_SHERPA_MODEL } from './sherpa-model.js';
import type { AsrEngine } from './types.js';

export type AsrConfig = Pick<
  Config,
  | 'ASR_ENGINE'
  | 'ASR_TIMEOUT_MS'
  | 'DASHSCOPE_API_KEY'
  | 'DASHSCOPE_WS_URL'
  | 'DASHSCOPE_ASR_MODEL'
  | 'DOUBAO_APP_KEY'
  | 'DOUBAO_ACCESS_KEY'
  | 'DOUBAO_RESOURCE_ID'
  | 'DOUBAO_WS_URL'
  | 'OPENAI_ASR_BASE_URL'
  | 'OPENAI_ASR_API_KEY'
  | 'OPENAI_ASR_MODEL'
  | 'SHERPA_MODEL_DIR'
  | 'SHERPA_NUM_THREADS'
  | 'dataDir'
>;

// Loading a model in the probe process takes a few seconds for the recommended 70 MB int8 model.
const SHERPA_LOAD_TIMEOUT_MS = 120_000;

/** Where the local model is looked for: SHERPA_MODEL_DIR, else where the download script puts it. */
export function sherpaModelDir(config: AsrConfig): string {
  return path.resolve(
    config.SHERPA_MODEL_DIR ?? path.join(config.dataDir, 'models', 'asr', DEFAULT_SHERPA_MODEL),
  );
}

type EngineName = Exclude<AsrConfig['ASR_ENGINE'], 'auto' | 'none'>;

function build(name: EngineName, config: AsrConfig): AsrEngine | null {
  const timeoutMs = config.ASR_TIMEOUT_MS;
  switch (name) {
    case 'dashscope':
      return config.DASHSCOPE_API_KEY
        ? new DashScopeEngine({
            url: config.DASHSCOPE_WS_URL,
            apiKey: config.DASHSCOPE_API_KEY,
            model: config.DASHSCOPE_ASR_MODEL,
            timeoutMs,
          })
        : null;
    case 'doubao':
      return config.DOUBAO_APP_KEY && config.DOUBAO_ACCESS_KEY
        ? new DoubaoEngine({
            url: config.DOUBAO_WS_URL,
            appKey: config.DOUBAO_APP_KEY,
            accessKey: config.DOUBAO_ACCESS_KEY,
            resourceId: config.DOUBAO_RESOURCE_ID,
            timeoutMs,
          })
        : null;
    case 'openai':
      return config.OPENAI_ASR_BASE_URL
        ? new OpenAiAsrEngine({
            baseUrl: config.OPENAI_ASR_BASE_URL,
            apiKey: config.OPENAI_ASR_API_KEY,
            model: config.OPENAI_ASR_MODEL,
            timeoutMs,
          })
        : null;
    case 'sherpa':
      return new SherpaEngine({
        modelDir: sherpaModelDir(config),
        numThreads: config.SHERPA_NUM_THREADS,
        loadTimeoutMs: SHERPA_LOAD_TIMEOUT_MS,
      });
  }
}

/**
 * The engine ASR_ENGINE names, or with `auto` the first one configured (DashScope, Doubao,
 * OpenAI-compatible, then a local sherpa model that is present). Null means no recognition:
 * the routes answer `asr_unavailable` and never pretend to have heard anything.
 */
export function createAsrEngine(config: AsrConfig): AsrEngine | null {
  const choice = config.ASR_ENGINE;
  if (choice === 'none') return null;
  if (choice === 'auto') {
    for (const name of ['dashscope', 'doubao', 'openai'] as const) {
      const engine = build(name, config);
      if (engine) return engine;
    }
    // Without a key the local engine is chosen only when a model is there to load.
    return config.SHERPA_MODEL_DIR !== undefined || existsSync(sherpaModelDir(config))
      ? build('sherpa', config)
      : null;
  }
  const engine = build(choice, config);
  if (!engine) {
    const needs = {
      dashscope: 'DASHSCOPE_API_KEY',
      doubao: 'DOUBAO_APP_KEY and DOUBAO_ACCESS_KEY',
      openai: 'OPENAI_ASR_BASE_URL',
      sherpa: '',
    };
    throw new ConfigError(`ASR_ENGINE=${choice} needs ${needs[choice]}`);
  }
  return engine;
}
