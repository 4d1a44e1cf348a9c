// The voice eval's figures and breakdowns as lines of text (voice.eval.ts prints them).
import type { VoiceFigures } from '../src/speech/voice/eval-metrics.js';
import { MISPLACED_MS } from '../src/speech/voice/eval-metrics.js';

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const of = (a: number, b: number) => (b === 0 ? '-' : pct(a / b));

export function voiceFigureLines(title: string, f: VoiceFigures): string[] {
  const out: string[] = [];
  out.push(
    `\n--- ${title}: items ${f.items}, syllables ${f.syllables} (${f.right} read with the right tone, ${f.wrong} with a wrong one)`,
  );
  out.push(
    `tone accuracy on right-tone syllables  ${pct(f.rightToneAccuracy)}   (target >= 90 %; of those judged)`,
  );
  out.push(
    `  right-tone syllables not judged      ${pct(f.notJudged)}   (too little voice or unsure; heard right of all: ${pct(f.rightHeardShare)})`,
  );
  out.push(
    `wrong tones flagged                    ${pct(f.wrongFlagged)}   (target >= 85 %; ${of(f.wrongUnjudged, f.wrong)} of them not judged)`,
  );
  out.push(`false alarms on right-tone syllables   ${pct(f.falseAlarms)}   (target <= 10 %)`);
  out.push(
    `syllable start error                   mean ${f.boundaryMeanMs.toFixed(0)} ms, 90th percentile ${f.boundaryP90Ms.toFixed(0)} ms`,
  );
  out.push(`pause count error                      ${f.pauseCountError.toFixed(2)} per recording`);
  const misses = f.missesMisplaced + f.missesPlaced;
  out.push(
    `right-tone syllables heard otherwise   ${misses}: ${of(f.missesMisplaced, misses)} misplaced by the aligner (start off by > ${MISPLACED_MS} ms), the rest misheard in place`,
  );
  out.push('confusion (rows: tone said, columns: tone heard; - = nothing heard)');
  const cols = ['1', '2', '3', '4', '5', '-'];
  out.push(`  said ${cols.map((c) => c.padStart(6)).join('')}`);
  for (const said of Object.keys(f.confusion).sort()) {
    const row = f.confusion[said] ?? {};
    out.push(`  ${said.padEnd(4)} ${cols.map((c) => String(row[c] ?? 0).padStart(6)).join('')}`);
  }
  out.push('per condition                 right-tone acc  not judged  false alarms  wrong flagged');
  for (const [key, c] of Object.entries(f.byCondition).sort()) {
    out.push(
      `  ${key.padEnd(26)} ${of(c.rightJudgedRight, c.right - c.rightUnjudged).padStart(9)} ${of(c.rightUnjudged, c.right).padStart(11)} ${of(c.falseAlarms, c.right).padStart(13)} ${of(c.wrongFlagged, c.wrong).padStart(14)}`,
    );
  }
  return out;
}
