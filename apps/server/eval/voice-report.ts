// Prints the voice eval's figures and breakdowns (voice.eval.ts).
import type { VoiceFigures } from '../src/speech/voice/eval-metrics.js';
import { MISPLACED_MS } from '../src/speech/voice/eval-metrics.js';

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const of = (a: number, b: number) => (b === 0 ? '-' : pct(a / b));

export function printVoiceFigures(title: string, f: VoiceFigures): void {
  console.log(`\n--- ${title}: items ${f.items}, syllables ${f.syllables} (${f.right} read with the right tone, ${f.wrong} with a wrong one)`);
  console.log(`tone accuracy on right-tone syllables  ${pct(f.rightToneAccuracy)}   (target >= 90 %; of those judged)`);
  console.log(`  right-tone syllables not judged      ${pct(f.notJudged)}   (too little voice or unsure; heard right of all: ${pct(f.rightHeardShare)})`);
  console.log(`wrong tones flagged                    ${pct(f.wrongFlagged)}   (target >= 85 %; ${of(f.wrongUnjudged, f.wrong)} of them not judged)`);
  console.log(`false alarms on right-tone syllables   ${pct(f.falseAlarms)}   (target <= 10 %)`);
  console.log(`syllable start error                   mean ${f.boundaryMeanMs.toFixed(0)} ms, 90th percentile ${f.boundaryP90Ms.toFixed(0)} ms`);
  console.log(`pause count error                      ${f.pauseCountError.toFixed(2)} per recording`);
  const misses = f.missesMisplaced + f.missesPlaced;
  console.log(`right-tone syllables heard otherwise   ${misses}: ${of(f.missesMisplaced, misses)} misplaced by the aligner (start off by > ${MISPLACED_MS} ms), the rest misheard in place`);
  console.log('confusion (rows: tone said, columns: tone heard; - = nothing heard)');
  const cols = ['1', '2', '3', '4', '5', '-'];
  console.log(`  said ${cols.map((c) => c.padStart(6)).join('')}`);
  for (const said of Object.keys(f.confusion).sort()) {
    const row = f.confusion[said] ?? {};
    console.log(`  ${said.padEnd(4)} ${cols.map((c) => String(row[c] ?? 0).padStart(6)).join('')}`);
  }
  console.log('per condition                 right-tone acc  not judged  false alarms  wrong flagged');
  for (const [key, c] of Object.entries(f.byCondition).sort()) {
    console.log(
      `  ${key.padEnd(26)} ${of(c.rightJudgedRight, c.right - c.rightUnjudged).padStart(9)} ${of(c.rightUnjudged, c.right).padStart(11)} ${of(c.falseAlarms, c.right).padStart(13)} ${of(c.wrongFlagged, c.wrong).padStart(14)}`,
    );
  }
}
