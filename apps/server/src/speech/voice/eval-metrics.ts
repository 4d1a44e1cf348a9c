/**
 * The figures of the voice eval: how the analysis of each labelled item compares with what was said.
 */
import { toneVerdict } from '@kouyu/core';
import type { VoiceReport } from '@kouyu/core';
import { assessVoice } from './assess.js';
import type { LabelledItem } from './labelled-set.js';
import { makeItem } from './labelled-set.js';

export interface VoiceFigures {
  items: number;
  syllables: number;
  /** Right-tone syllables whose heard tone is the expected one. */
  rightToneAccuracy: number;
  /** Wrong-tone syllables judged wrong. */
  wrongFlagged: number;
  /** Right-tone syllables judged wrong. */
  falseAlarms: number;
  /** Mean and 90th-percentile distance of each syllable's start from the truth, ms. */
  boundaryMeanMs: number;
  boundaryP90Ms: number;
  /** Mean absolute difference between pauses found and pauses put in. */
  pauseCountError: number;
  /** Confusions of right-tone syllables: expected → heard → count. */
  confusion: Record<string, number>;
}

interface Tally {
  right: number;
  rightHeard: number;
  wrong: number;
  wrongFlagged: number;
  falseAlarms: number;
  boundaries: number[];
  pauseErrors: number[];
  confusion: Record<string, number>;
}

/** Adds one item's report to the tally. */
function tallyItem(t: Tally, item: LabelledItem, report: VoiceReport): void {
  const syllables = report.syllables ?? [];
  syllables.forEach((s, k) => {
    const spoken = item.spoken[k];
    const truth = item.truth[k];
    if (truth) t.boundaries.push(Math.abs(s.start_ms - truth[0]));
    const verdict = toneVerdict(s);
    if (spoken === s.expected_tone) {
      t.right++;
      if (s.heard_tone === s.expected_tone) t.rightHeard++;
      if (verdict === 'wrong') t.falseAlarms++;
      const key = `${s.expected_tone}→${s.heard_tone ?? '-'}`;
      if (s.heard_tone !== s.expected_tone) t.confusion[key] = (t.confusion[key] ?? 0) + 1;
    } else {
      t.wrong++;
      if (verdict === 'wrong') t.wrongFlagged++;
    }
  });
  t.pauseErrors.push(Math.abs(report.fluency.pause_count - item.pauses));
}

/** Makes items `from`..`to` of `sentences` (item i reads sentence i), analyses each and scores the lot. */
export async function evaluateVoice(sentences: readonly string[], count: number, onItem?: (item: LabelledItem, report: VoiceReport) => void): Promise<VoiceFigures> {
  const t: Tally = { right: 0, rightHeard: 0, wrong: 0, wrongFlagged: 0, falseAlarms: 0, boundaries: [], pauseErrors: [], confusion: {} };
  let items = 0;
  for (let i = 0; i < count && i < sentences.length; i++) {
    const text = sentences[i];
    if (text === undefined) continue;
    const item = await makeItem(text, i);
    const report = await assessVoice(item.pcm, text);
    tallyItem(t, item, report);
    onItem?.(item, report);
    items++;
  }
  const sorted = [...t.boundaries].sort((a, b) => a - b);
  const share = (a: number, b: number) => (b === 0 ? 0 : a / b);
  return {
    items,
    syllables: t.right + t.wrong,
    rightToneAccuracy: share(t.rightHeard, t.right),
    wrongFlagged: share(t.wrongFlagged, t.wrong),
    falseAlarms: share(t.falseAlarms, t.right),
    boundaryMeanMs: share(sorted.reduce((s, v) => s + v, 0), sorted.length),
    boundaryP90Ms: sorted[Math.floor(sorted.length * 0.9)] ?? 0,
    pauseCountError: share(t.pauseErrors.reduce((s, v) => s + v, 0), t.pauseErrors.length),
    confusion: t.confusion,
  };
}
