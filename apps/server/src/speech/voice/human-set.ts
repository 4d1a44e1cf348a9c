/**
 * The human recordings the tone classifier learns from and is measured on (the training script, the eval,
 * the floor test): single syllables in tones 1-4 read by one speaker, HSK words read by another (credits
 * in docs/content.md). The full set is read from `shared/voices` beside the repository when it is there
 * (MP3, decoded by sox with its MP3 format, once, into a cache: tooling only, never the product); a
 * subset is vendored as WAV under apps/server/eval/voices for CI.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyThirdToneSandhi, markedTones, toneOf } from '@kouyu/core';
import type { ExpectedSyllable } from '@kouyu/core';
import { expectedSyllables } from './expected.js';
import { float32ToInt16, resample } from '../asr/audio.js';
import { parseWav } from '../asr/wav.js';

export type HumanSpeaker = 'syllables' | 'words';

export interface HumanItem {
  speaker: HumanSpeaker;
  /** File name without extension (`ma1`, `w0001`). */
  id: string;
  file: string;
  /** The text read (a word; for a syllable its numbered pinyin). */
  text: string;
  expected: ExpectedSyllable[];
}

const REPO = path.resolve(import.meta.dirname, '../../../../..');
/** The vendored subset (WAV, 8 kHz mono). */
export const VENDORED_DIR = path.join(REPO, 'apps/server/eval/voices');
/** Decoded MP3s (16 kHz raw PCM), outside the checkout so a fresh install keeps them. */
const CACHE_DIR = path.join(tmpdir(), 'kouyu-voices-16k');

/** The full set: VOICES_DIR, else shared/voices beside the clone (CI) or two levels up (a worktree). */
export function fullSetDir(): string | null {
  const candidates = [
    process.env['VOICES_DIR'],
    path.join(REPO, '../shared/voices'),
    path.join(REPO, '../../shared/voices'),
  ];
  return candidates.find((d): d is string => !!d && existsSync(path.join(d, 'words.tsv'))) ?? null;
}

/**
 * A word's expected syllables, kept only when the converter agrees with the syllabus's pinyin on every
 * marked tone (after the same 3-3 sandhi) and the syllable count fits: a polyphone read otherwise, or
 * an erhua syllable, would give the word a label it was not read with.
 */
function wordSyllables(word: string, pinyin: string): ExpectedSyllable[] | null {
  const expected = expectedSyllables(word);
  if (expected.length === 0 || expected.length !== [...word].length || /儿$/.test(word)) return null;
  const written = markedTones(pinyin).map((t, i) => ({ char: String(i), pinyin: `x${t}`, clause: 0 }));
  const said = applyThirdToneSandhi(written).map((s) => s.tone);
  const converted = expected.filter((s) => s.tone !== 5).map((s) => s.tone);
  if (said.join() !== converted.join()) return null;
  // As many syllables as the pinyin has vowel groups is a rough check that no neutral syllable went missing.
  return expected;
}

/** The items of a set directory (full: MP3; vendored: WAV), syllables then words. */
export function listItems(dir: string): HumanItem[] {
  const items: HumanItem[] = [];
  const syllableDir = path.join(dir, 'syllables');
  if (existsSync(syllableDir)) {
    for (const file of readdirSync(syllableDir).sort()) {
      const m = /^([a-z]+)([1-4])\.(mp3|wav)$/.exec(file);
      if (!m) continue;
      const numbered = `${m[1]}${m[2]}`;
      items.push({
        speaker: 'syllables',
        id: numbered,
        file: path.join(syllableDir, file),
        text: numbered,
        expected: [{ char: numbered, pinyin: numbered, tone: toneOf(numbered), clause: 0 }],
      });
    }
  }
  const tsv = path.join(dir, 'words.tsv');
  if (existsSync(tsv)) {
    for (const line of readFileSync(tsv, 'utf8').split('\n').slice(1)) {
      const [file, word, pinyin] = line.split('\t');
      if (!file || !word || !pinyin) continue;
      const expected = wordSyllables(word, pinyin);
      const onDisk = [
        path.join(dir, 'words', file),
        path.join(dir, 'words', file.replace(/\.mp3$/, '.wav')),
      ].find((f) => existsSync(f));
      if (expected && onDisk)
        items.push({ speaker: 'words', id: file.replace(/\.\w+$/, ''), file: onDisk, text: word, expected });
    }
  }
  return items;
}

/** 16 kHz mono PCM of an item: a vendored WAV (resampled when stored at 8 kHz), or a decoded MP3 (cached). */
export function loadPcm(item: HumanItem): Int16Array {
  if (item.file.endsWith('.wav')) {
    const wav = parseWav(new Uint8Array(readFileSync(item.file)));
    return float32ToInt16(
      wav.sampleRate === 16_000 ? wav.samples : resample(wav.samples, wav.sampleRate, 16_000),
    );
  }
  const cached = path.join(CACHE_DIR, item.speaker, `${item.id}.raw`);
  if (!existsSync(cached)) {
    mkdirSync(path.dirname(cached), { recursive: true });
    const out = spawnSync(
      'sox',
      [item.file, '-t', 'raw', '-e', 'signed', '-b', '16', '-r', '16000', '-c', '1', '-'],
      { maxBuffer: 1 << 26 },
    );
    if (out.status !== 0)
      throw new Error(`sox could not decode ${item.file} (MP3 needs its mp3 format): ${String(out.stderr)}`);
    writeFileSync(cached, out.stdout);
  }
  const bytes = readFileSync(cached);
  return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length >> 1).slice();
}
