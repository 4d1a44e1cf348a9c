/**
 * The figures of the voice eval: how the analysis of each labelled item compares with what was said, with
 * the breakdowns that show where errors come from (which tone is taken for which, under which reading
 * conditions, and whether the syllable was misplaced or its tone misheard).
 */
import { toneVerdict } from '@kouyu/core';
import type { VoiceReport } from '@kouyu/core';
import { assessVoice } from './assess.js';
import type { LabelledItem, Split } from './labelled-set.js';
import { makeItem, splitSentences } from './labelled-set.js';

/** A syllable whose start is further than this from the truth was misplaced by the aligner. */
export const MISPLACED_MS = 60;

interface Counts {
  right: number;
  /** Right-tone syllables judged right. */
  rightJudgedRight: number;
  /** Right-tone syllables not judged (too little voice, or a low-confidence other tone). */
  rightUnjudged: number;
  falseAlarms: number;
  wrong: number;
  wrongFlagged: number;
  wrongUnjudged: number;
}

export interface VoiceFigures extends Counts {
  items: number;
  syllables: number;
  /** Right-tone syllables judged right, of those judged at all (the target figure). */
  rightToneAccuracy: number;
  /** Right-tone syllables heard as the expected tone, of all of them (judged or not). */
  rightHeardShare: number;
  /** Right-tone syllables not judged, of all right-tone syllables. */
  notJudged: number;
  /** Wrong-tone syllables judged wrong, of all of them (unjudged ones count as missed). */
  wrongFlagged: number;
  /** Right-tone syllables judged wrong, of all of them. */
  falseAlarms: number;
  boundaryMeanMs: number;
  boundaryP90Ms: number;
  pauseCountError: number;
  /** Tone said → tone heard → count, over every syllable (heard `-` when nothing was heard). */
  confusion: Record<string, Record<string, number>>;
  /** Per reading condition (speed, pitch, voice, shift, noise): the counts. */
  byCondition: Record<string, Counts>;
  /** Right-tone syllables heard otherwise: how many were misplaced by the aligner (start off by > MISPLACED_MS). */
  missesMisplaced: number;
  missesPlaced: number;
}

const emptyCounts = (): Counts => ({
  right: 0,
  rightJudgedRight: 0,
  rightUnjudged: 0,
  falseAlarms: 0,
  wrong: 0,
  wrongFlagged: 0,
  wrongUnjudged: 0,
});

/** The reading conditions of an item, each a key of the per-condition breakdown. */
function conditionKeys(item: LabelledItem): string[] {
  const [speed, pitch, voice, shift, noise] = item.condition.split(' ');
  return [`speed ${speed}`, `pitch ${pitch}`, `voice ${voice}`, `shift ${shift}`, `noise ${noise}`];
}

/** Scores analysed items: every figure and breakdown of the eval. */
export class VoiceTally {
  private counts = emptyCounts();
  private byCondition: Record<string, Counts> = {};
  private confusion: Record<string, Record<string, number>> = {};
  private boundaries: number[] = [];
  private pauseErrors: number[] = [];
  private items = 0;
  private misplaced = 0;
  private placed = 0;

  add(item: LabelledItem, report: VoiceReport): void {
    this.items++;
    const rows = [this.counts, ...conditionKeys(item).map((k) => (this.byCondition[k] ??= emptyCounts()))];
    (report.syllables ?? []).forEach((s, k) => {
      const spoken = item.spoken[k];
      const truth = item.truth[k];
      const offBy = truth ? Math.abs(s.start_ms - truth[0]) : 0;
      if (truth) this.boundaries.push(offBy);
      const verdict = toneVerdict(s);
      const said = String(spoken ?? '-');
      const row = (this.confusion[said] ??= {});
      const heard = s.heard_tone === null ? '-' : String(s.heard_tone);
      row[heard] = (row[heard] ?? 0) + 1;
      for (const c of rows) {
        if (spoken === s.expected_tone) {
          c.right++;
          if (verdict === 'right') c.rightJudgedRight++;
          else if (verdict === 'wrong') c.falseAlarms++;
          else c.rightUnjudged++;
        } else {
          c.wrong++;
          if (verdict === 'wrong') c.wrongFlagged++;
          else if (verdict === 'unsure') c.wrongUnjudged++;
        }
      }
      if (spoken === s.expected_tone && s.heard_tone !== s.expected_tone) {
        if (offBy > MISPLACED_MS) this.misplaced++;
        else this.placed++;
      }
    });
    this.pauseErrors.push(Math.abs(report.fluency.pause_count - item.pauses));
  }

  figures(): VoiceFigures {
    const c = this.counts;
    const sorted = [...this.boundaries].sort((a, b) => a - b);
    return {
      ...c,
      items: this.items,
      syllables: c.right + c.wrong,
      rightToneAccuracy: share(c.rightJudgedRight, c.right - c.rightUnjudged),
      rightHeardShare: share(c.rightJudgedRight, c.right),
      notJudged: share(c.rightUnjudged, c.right),
      wrongFlagged: share(c.wrongFlagged, c.wrong),
      falseAlarms: share(c.falseAlarms, c.right),
      boundaryMeanMs: share(
        sorted.reduce((s, v) => s + v, 0),
        sorted.length,
      ),
      boundaryP90Ms: sorted[Math.floor(sorted.length * 0.9)] ?? 0,
      pauseCountError: share(
        this.pauseErrors.reduce((s, v) => s + v, 0),
        this.pauseErrors.length,
      ),
      confusion: this.confusion,
      byCondition: this.byCondition,
      missesMisplaced: this.misplaced,
      missesPlaced: this.placed,
    };
  }
}

function share(a: number, b: number): number {
  return b === 0 ? 0 : a / b;
}

/** Makes `count` items of one half of the labelled set, analyses each and scores the lot. */
export async function evaluateVoice(
  split: Split,
  count: number,
  onItem?: (item: LabelledItem, report: VoiceReport) => void,
): Promise<VoiceFigures> {
  const tally = new VoiceTally();
  const sentences = splitSentences(split, count);
  // The next item is synthesised (espeak-ng runs in its own process) while this one is analysed.
  let next = sentences[0] === undefined ? null : makeItem(sentences[0], 0, split);
  for (let i = 0; next; i++) {
    const item = await next;
    const following = sentences[i + 1];
    next = following === undefined ? null : makeItem(following, i + 1, split);
    const report = await assessVoice(item.pcm, item.text);
    tally.add(item, report);
    onItem?.(item, report);
  }
  return tally.figures();
}
