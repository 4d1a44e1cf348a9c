import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ASR_SAMPLE_RATE } from '@kouyu/core';

/** The model the download script installs and the default directory name under `<DATA_DIR>/models/asr`. */
export const DEFAULT_SHERPA_MODEL = 'sherpa-onnx-streaming-zipformer-multi-zh-hans-2023-12-12';

export type SherpaModel =
  | { kind: 'transducer'; dir: string; encoder: string; decoder: string; joiner: string; tokens: string }
  | { kind: 'paraformer'; dir: string; encoder: string; decoder: string; tokens: string };

/** The message every "no usable model" error carries. */
export function modelNotFoundMessage(dir: string, missing?: string[]): string {
  const what = missing && missing.length > 0 ? ` (missing ${missing.join(', ')})` : '';
  return `model not found at ${dir}${what}: run npm run asr:download-model or set SHERPA_MODEL_DIR`;
}

function pick(files: string[], role: string): string | undefined {
  const candidates = files.filter((f) => f.startsWith(role) && f.endsWith('.onnx')).sort();
  // Release archives ship fp32 and int8 copies; int8 is 3-4x smaller and about as accurate.
  return candidates.find((f) => f.endsWith('.int8.onnx')) ?? candidates[0];
}

/**
 * Finds a streaming model's files: a transducer (zipformer: encoder, decoder, joiner) or a
 * paraformer (encoder, decoder), each with tokens.txt. Returns the missing parts otherwise.
 */
export function findSherpaModel(dir: string): SherpaModel | { missing: string[] } {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return { missing: [] };
  const files = readdirSync(dir);
  const encoder = pick(files, 'encoder');
  const decoder = pick(files, 'decoder');
  const joiner = pick(files, 'joiner');
  const tokens = files.includes('tokens.txt') ? 'tokens.txt' : undefined;
  const at = (f: string) => path.join(dir, f);
  if (encoder && decoder && tokens) {
    if (joiner)
      return {
        kind: 'transducer',
        dir,
        encoder: at(encoder),
        decoder: at(decoder),
        joiner: at(joiner),
        tokens: at(tokens),
      };
    return { kind: 'paraformer', dir, encoder: at(encoder), decoder: at(decoder), tokens: at(tokens) };
  }
  const missing = [
    ...(encoder ? [] : ['encoder*.onnx']),
    ...(decoder ? [] : ['decoder*.onnx']),
    ...(tokens ? [] : ['tokens.txt']),
  ];
  return { missing };
}

/** The recogniser configuration sherpa-onnx-node takes for a model. */
export function recognizerConfig(model: SherpaModel, numThreads: number): Record<string, unknown> {
  const modelConfig =
    model.kind === 'transducer'
      ? { transducer: { encoder: model.encoder, decoder: model.decoder, joiner: model.joiner } }
      : { paraformer: { encoder: model.encoder, decoder: model.decoder } };
  return {
    featConfig: { sampleRate: ASR_SAMPLE_RATE, featureDim: 80 },
    modelConfig: { ...modelConfig, tokens: model.tokens, numThreads, provider: 'cpu', debug: 0 },
    decodingMethod: 'greedy_search',
    enableEndpoint: 0,
  };
}

const require = createRequire(import.meta.url);

/** Where sherpa-onnx-node lives, for the probe process. */
export function sherpaModulePath(): string {
  return require.resolve('sherpa-onnx-node');
}

const PROBE = `
const [modulePath, config] = process.argv.slice(1);
const sherpa = require(modulePath);
new sherpa.OnlineRecognizer(JSON.parse(config));
`;

/**
 * Loads the model once in a throw-away process. onnxruntime aborts the whole process on a
 * corrupt or truncated model file, so the server only loads a model that survived this.
 */
export function probeSherpaModel(model: SherpaModel, numThreads: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', PROBE, sherpaModulePath(), JSON.stringify(recognizerConfig(model, numThreads))],
      { timeout: timeoutMs, maxBuffer: 1024 * 1024 },
      (err, _stdout, stderr) => {
        if (!err) return resolve();
        const lines = String(stderr)
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean);
        const reason = lines.find((l) => /what\(\)|error|failed/i.test(l)) ?? lines.at(-1) ?? err.message;
        reject(new Error(`could not load the model at ${model.dir}: ${reason.replace(/^what\(\):\s*/, '')}`));
      },
    );
  });
}
