// Copies a small subset of shared/voices into apps/server/eval/voices for the CI floor test: every 13th
// syllable (13, not 12: the syllables come in tones 1-4 in turn) and every 30th word, as 8 kHz mono 16-bit WAV with the silence around the speech trimmed to
// 0.15 s (the pitch tracker works at 8 kHz; the whole subset stays under 5 MB). Needs sox with its MP3
// format; run once by hand: node scripts/voice/vendor-voices.mjs [path to shared/voices]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const from = process.argv[2] ?? path.join(root, '../shared/voices');
const to = path.join(root, 'apps/server/eval/voices');
rmSync(path.join(to, 'syllables'), { recursive: true, force: true });
rmSync(path.join(to, 'words'), { recursive: true, force: true });
mkdirSync(path.join(to, 'syllables'), { recursive: true });
mkdirSync(path.join(to, 'words'), { recursive: true });

function convert(input, output) {
  const trim = [
    'silence',
    '1',
    '0.02',
    '-40d',
    'reverse',
    'silence',
    '1',
    '0.02',
    '-40d',
    'reverse',
    'pad',
    '0.15',
    '0.15',
  ];
  const r = spawnSync('sox', [input, '-r', '8000', '-c', '1', '-b', '16', output, ...trim]);
  if (r.status !== 0) throw new Error(`sox failed on ${input}: ${r.stderr}`);
}

const syllables = readdirSync(path.join(from, 'syllables'))
  .filter((f) => f.endsWith('.mp3'))
  .sort();
syllables.forEach((f, i) => {
  if (i % 13 === 5)
    convert(path.join(from, 'syllables', f), path.join(to, 'syllables', f.replace(/\.mp3$/, '.wav')));
});
const lines = readFileSync(path.join(from, 'words.tsv'), 'utf8').trim().split('\n');
const kept = [lines[0]];
lines.slice(1).forEach((line, i) => {
  if (i % 30 !== 7) return;
  const file = line.split('\t')[0];
  convert(path.join(from, 'words', file), path.join(to, 'words', file.replace(/\.mp3$/, '.wav')));
  kept.push(line);
});
writeFileSync(path.join(to, 'words.tsv'), `${kept.join('\n')}\n`);
console.log(
  `vendored ${readdirSync(path.join(to, 'syllables')).length} syllables and ${kept.length - 1} words into ${to}`,
);
