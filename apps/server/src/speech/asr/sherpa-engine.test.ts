import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SherpaEngine } from './sherpa-engine.js';
import { findSherpaModel, modelNotFoundMessage, recognizerConfig } from './sherpa-model.js';
import { tone } from './standins/tone.js';
import { AsrError, STREAM_OPTIONS } from './types.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'kouyu-sherpa-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function dirWith(name: string, files: string[]): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const f of files) writeFileSync(path.join(dir, f), f === 'tokens.txt' ? '<blk> 0\n' : '');
  return dir;
}

async function rejection(promise: Promise<unknown>): Promise<AsrError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AsrError)) throw new Error(`expected an AsrError, got ${String(err)}`);
  return err;
}

describe('sherpa-onnx local engine', () => {
  it('is not ready without a model and says how to get one', async () => {
    const dir = path.join(root, 'absent');
    const engine = new SherpaEngine({ modelDir: dir, numThreads: 1, loadTimeoutMs: 30_000 });
    expect(await engine.ready()).toEqual({
      ready: false,
      detail: `model not found at ${dir}: run npm run asr:download-model or set SHERPA_MODEL_DIR`,
    });
    const stream = engine.startStream(STREAM_OPTIONS);
    const errors: AsrError[] = [];
    stream.onError((e) => errors.push(e));
    stream.write(tone(440, 0.1, 16000));
    const err = await rejection(stream.finish());
    expect(err.kind).toBe('unavailable');
    expect(err.message).toBe(modelNotFoundMessage(dir));
    expect(errors).toEqual([err]);
    await expect(engine.transcribe(tone(440, 0.1, 16000), 16000)).rejects.toThrow(
      `model not found at ${dir}`,
    );
  });

  it('lists the missing files of an incomplete model directory', async () => {
    const dir = dirWith('incomplete', ['encoder.onnx']);
    const engine = new SherpaEngine({ modelDir: dir, numThreads: 1, loadTimeoutMs: 30_000 });
    expect((await engine.ready()).detail).toBe(
      `model not found at ${dir} (missing decoder*.onnx, tokens.txt): run npm run asr:download-model or set SHERPA_MODEL_DIR`,
    );
  });

  it('detects a streaming zipformer (transducer) and prefers the int8 files', () => {
    const dir = dirWith('zipformer', [
      'encoder-epoch-20-avg-1-chunk-16-left-128.onnx',
      'encoder-epoch-20-avg-1-chunk-16-left-128.int8.onnx',
      'decoder-epoch-20-avg-1-chunk-16-left-128.onnx',
      'joiner-epoch-20-avg-1-chunk-16-left-128.int8.onnx',
      'tokens.txt',
      'bpe.model',
    ]);
    const model = findSherpaModel(dir);
    expect(model).toEqual({
      kind: 'transducer',
      dir,
      encoder: path.join(dir, 'encoder-epoch-20-avg-1-chunk-16-left-128.int8.onnx'),
      decoder: path.join(dir, 'decoder-epoch-20-avg-1-chunk-16-left-128.onnx'),
      joiner: path.join(dir, 'joiner-epoch-20-avg-1-chunk-16-left-128.int8.onnx'),
      tokens: path.join(dir, 'tokens.txt'),
    });
    if ('missing' in model) throw new Error('model expected');
    expect(recognizerConfig(model, 2)).toMatchObject({
      featConfig: { sampleRate: 16000, featureDim: 80 },
      modelConfig: { transducer: { encoder: model.encoder }, tokens: model.tokens, numThreads: 2 },
    });
  });

  it('detects a streaming paraformer (encoder and decoder, no joiner)', () => {
    const dir = dirWith('paraformer', ['encoder.int8.onnx', 'decoder.int8.onnx', 'tokens.txt']);
    expect(findSherpaModel(dir)).toMatchObject({
      kind: 'paraformer',
      encoder: path.join(dir, 'encoder.int8.onnx'),
    });
  });

  it('reports a model that fails to load as a clear error, without taking the server down', async () => {
    // Empty files look like a model but onnxruntime aborts on them: the probe process must take that.
    const dir = dirWith('corrupt', ['encoder.onnx', 'decoder.onnx', 'joiner.onnx', 'tokens.txt']);
    const engine = new SherpaEngine({ modelDir: dir, numThreads: 1, loadTimeoutMs: 30_000 });
    expect((await engine.ready()).ready).toBe(true);
    const err = await rejection(engine.transcribe(tone(440, 0.1, 16000), 16000));
    expect(err.kind).toBe('unavailable');
    expect(err.message).toMatch(new RegExp(`^could not load the model at ${dir}: .*(onnx|Load model)`));
  });
});
