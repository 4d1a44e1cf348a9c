import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.js';
import { testConfig } from '../../test/app.js';
import { createAsrEngine, sherpaModelDir } from './create-engine.js';
import { DEFAULT_SHERPA_MODEL } from './sherpa-model.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-asr-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const config = (env: Record<string, string>) => testConfig({ DATA_DIR: dataDir, ...env });
const keys = {
  DASHSCOPE_API_KEY: 'ds',
  DOUBAO_APP_KEY: 'app',
  DOUBAO_ACCESS_KEY: 'access',
  OPENAI_ASR_BASE_URL: 'http://127.0.0.1:9/v1',
};

describe('ASR engine selection', () => {
  it('auto picks the first configured of dashscope, doubao, openai', () => {
    expect(createAsrEngine(config(keys))?.name).toBe('dashscope');
    const { DASHSCOPE_API_KEY: _ds, ...noDashScope } = keys;
    expect(createAsrEngine(config(noDashScope))?.name).toBe('doubao');
    expect(createAsrEngine(config({ OPENAI_ASR_BASE_URL: keys.OPENAI_ASR_BASE_URL }))?.name).toBe('openai');
  });

  it('auto chooses no engine when nothing is configured and no local model is there', () => {
    expect(createAsrEngine(config({}))).toBeNull();
    expect(createAsrEngine(config({ ...keys, ASR_ENGINE: 'none' }))).toBeNull();
  });

  it('auto falls back to the local engine once the downloaded model directory exists', () => {
    const dir = path.join(dataDir, 'models', 'asr', DEFAULT_SHERPA_MODEL);
    expect(sherpaModelDir(config({}))).toBe(dir);
    mkdirSync(dir, { recursive: true });
    try {
      expect(createAsrEngine(config({}))?.name).toBe('sherpa');
    } finally {
      rmSync(dir, { recursive: true });
    }
    expect(createAsrEngine(config({ SHERPA_MODEL_DIR: '/nowhere' }))?.name).toBe('sherpa');
  });

  it('an explicit engine is used even when others are configured, and fails fast without its keys', () => {
    expect(createAsrEngine(config({ ...keys, ASR_ENGINE: 'openai' }))?.name).toBe('openai');
    expect(createAsrEngine(config({ ASR_ENGINE: 'sherpa' }))?.name).toBe('sherpa');
    expect(() => createAsrEngine(config({ ASR_ENGINE: 'doubao', DOUBAO_APP_KEY: 'app' }))).toThrow(
      new ConfigError('ASR_ENGINE=doubao needs DOUBAO_APP_KEY and DOUBAO_ACCESS_KEY'),
    );
    expect(() => createAsrEngine(config({ ASR_ENGINE: 'dashscope' }))).toThrow(
      'ASR_ENGINE=dashscope needs DASHSCOPE_API_KEY',
    );
  });
});
