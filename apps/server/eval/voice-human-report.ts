// The human-voice figures as lines of text (voice.eval.ts prints them).
import type { HumanFigures } from '../src/speech/voice/human-figures.js';

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

export function humanFigureLines(title: string, f: HumanFigures): string[] {
  const out: string[] = [];
  out.push(`\n--- ${title}: ${f.right} right-tone syllables, ${f.pairs} minimal pairs`);
  out.push(`right tones heard right (of judged)   ${pct(f.heardRight).padStart(7)}   (target >= 90 %)`);
  out.push(`right tones left unsure               ${pct(f.unsure).padStart(7)}   (target <= 10 %)`);
  out.push(`right tones shown as wrong            ${pct(f.shownWrong).padStart(7)}   (target <= 5 %)`);
  out.push(`minimal pairs marked wrong            ${pct(f.pairsMarked).padStart(7)}   (target >= 85 %)`);
  out.push(`minimal pairs passed as right         ${pct(f.pairsPassed).padStart(7)}   (target <= 5 %)`);
  out.push(
    `"wrong" marks that are right          ${pct(f.wrongMarkPrecision).padStart(7)}   (target >= 90 %; right and wrong readings equally common)`,
  );
  out.push(
    `  of them called almost certain: right ${pct(f.certainPrecision)}; called probable: right ${pct(f.probablePrecision)}`,
  );
  out.push(
    `single-syllable words: ${f.single.n} syllables, heard right ${pct(f.single.heardRight)}, unsure ${pct(f.single.unsure)}`,
  );
  out.push(
    `multi-syllable words:  ${f.multi.n} syllables, heard right ${pct(f.multi.heardRight)}, unsure ${pct(f.multi.unsure)}`,
  );
  out.push('confusion on right-tone syllables (rows: tone said, columns: tone heard; - = no voice)');
  const cols = ['1', '2', '3', '4', '5', '-'];
  out.push(`  said ${cols.map((c) => c.padStart(6)).join('')}`);
  for (const said of [1, 2, 3, 4] as const)
    out.push(
      `  ${String(said).padEnd(4)} ${cols.map((c) => String(f.confusion[said][c] ?? 0).padStart(6)).join('')}`,
    );
  out.push('calibration: P(expected tone) → share of such readings really read with it');
  for (const c of f.calibration)
    out.push(
      `  ${c.from.toFixed(1)}-${(c.from + 0.2).toFixed(1)}  ${String(c.n).padStart(6)} readings  ${pct(c.actuallyRight).padStart(7)}`,
    );
  return out;
}
