/** Handwriting, as recognised, compared character by character with the dictated words. */

export type CharResult =
  | { status: 'right'; char: string }
  | { status: 'wrong'; char: string; written: string }
  | { status: 'missing'; char: string };

export interface WordResult {
  word: string;
  /** One entry per character of the word. */
  chars: CharResult[];
  /** Characters written inside the word's stretch that belong to no character of it. */
  extra: string[];
  /** The stretch of recognised text the word was matched to ('' when missing). */
  written: string;
  status: 'right' | 'partial' | 'missing';
}

export interface HandwritingAnalysis {
  words: WordResult[];
  /** Recognised characters matched to no word (titles, stray marks, words not asked for). */
  extra: string;
  counts: { right: number; wrong: number; missing: number; extra: number };
  /** 0-100: right characters over the characters asked for plus those written inside words. */
  score: number;
}

const IGNORED = /[\p{P}\p{S}\p{Z}\s]/gu;

/** Characters of one recognised line that count: NFKC, no punctuation, symbols or spaces. */
function lineChars(line: string): string[] {
  return [...line.normalize('NFKC').replace(IGNORED, '')];
}

type Op =
  { op: 'match' | 'sub'; ref: string; hyp: string } | { op: 'del'; ref: string } | { op: 'ins'; hyp: string };

interface Fit {
  cost: number;
  /** Characters of the word paired with a written character (right or wrong). */
  paired: number;
  right: number;
  /** The stretch [start, end) of the segment. */
  start: number;
  end: number;
  ops: Op[];
}

/**
 * Aligns a word to the best stretch of a segment by edit distance with free start and end in the
 * segment (a fitting alignment). Ties prefer pairing characters over calling them missing.
 */
function fitWord(word: readonly string[], seg: readonly string[]): Fit {
  const m = word.length;
  const n = seg.length;
  const cols = n + 1;
  const cost = new Int32Array((m + 1) * cols);
  // Tie-breaks among equal costs: more right characters, then more paired ones.
  const right = new Int32Array((m + 1) * cols);
  const paired = new Int32Array((m + 1) * cols);
  const better = (r: number, p: number, br: number, bp: number) => r > br || (r === br && p > bp);
  const from = new Uint8Array((m + 1) * cols); // 0 diag, 1 up (missing), 2 left (extra)
  for (let i = 1; i <= m; i++) {
    cost[i * cols] = i;
    from[i * cols] = 1;
  }
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const here = i * cols + j;
      const diag = (i - 1) * cols + j - 1;
      const same = word[i - 1] === seg[j - 1];
      let best = (cost[diag] ?? 0) + (same ? 0 : 1);
      let bestRight = (right[diag] ?? 0) + (same ? 1 : 0);
      let bestPaired = (paired[diag] ?? 0) + 1;
      let dir = 0;
      for (const [d, prev] of [
        [1, here - cols],
        [2, here - 1],
      ] as const) {
        const c = (cost[prev] ?? 0) + 1;
        const r = right[prev] ?? 0;
        const p = paired[prev] ?? 0;
        if (c < best || (c === best && better(r, p, bestRight, bestPaired))) {
          best = c;
          bestRight = r;
          bestPaired = p;
          dir = d;
        }
      }
      cost[here] = best;
      right[here] = bestRight;
      paired[here] = bestPaired;
      from[here] = dir;
    }
  }
  let end = 0;
  for (let j = 1; j <= n; j++) {
    const [c, b] = [cost[m * cols + j] ?? 0, cost[m * cols + end] ?? 0];
    const tie = better(
      right[m * cols + j] ?? 0,
      paired[m * cols + j] ?? 0,
      right[m * cols + end] ?? 0,
      paired[m * cols + end] ?? 0,
    );
    if (c < b || (c === b && tie)) end = j;
  }
  const ops: Op[] = [];
  let i = m;
  let j = end;
  while (i > 0) {
    const dir = j === 0 ? 1 : from[i * cols + j];
    const r = word[i - 1] ?? '';
    const h = seg[j - 1] ?? '';
    if (dir === 0) {
      ops.push(r === h ? { op: 'match', ref: r, hyp: h } : { op: 'sub', ref: r, hyp: h });
      i--;
      j--;
    } else if (dir === 1) {
      ops.push({ op: 'del', ref: r });
      i--;
    } else {
      ops.push({ op: 'ins', hyp: h });
      j--;
    }
  }
  ops.reverse();
  return {
    cost: cost[m * cols + end] ?? m,
    paired: ops.filter((o) => o.op === 'match' || o.op === 'sub').length,
    right: ops.filter((o) => o.op === 'match').length,
    start: j,
    end,
    ops,
  };
}

/** A stretch of one recognised line not yet given to a word. */
interface Segment {
  line: number;
  chars: string[];
}

function wordResult(word: string, ops: readonly Op[]): WordResult {
  const chars: CharResult[] = [];
  const extra: string[] = [];
  for (const o of ops) {
    if (o.op === 'match') chars.push({ status: 'right', char: o.ref });
    else if (o.op === 'sub') chars.push({ status: 'wrong', char: o.ref, written: o.hyp });
    else if (o.op === 'del') chars.push({ status: 'missing', char: o.ref });
    else extra.push(o.hyp);
  }
  const written = ops.map((o) => (o.op === 'del' ? '' : o.hyp)).join('');
  const status = chars.every((c) => c.status === 'missing')
    ? 'missing'
    : chars.every((c) => c.status === 'right') && extra.length === 0
      ? 'right'
      : 'partial';
  return { word, chars, extra, written, status };
}

const missingWord = (word: string): WordResult =>
  wordResult(
    word,
    [...word].map((ref) => ({ op: 'del', ref })),
  );

/**
 * Compares handwriting, as recognised, with the dictated words (character by character: right,
 * wrong with what was written, missing). OCR lines may come in any order and a line may hold several
 * words, so each word takes the best matching stretch of a line, the closest matches first; a word
 * with no right character left takes a leftover stretch of exactly its length, in order, else it is
 * missing. Punctuation and whitespace are ignored.
 */
export function compareHandwriting(words: readonly string[], recognizedText: string): HandwritingAnalysis {
  let segments: Segment[] = recognizedText
    .split(/\r?\n/)
    .map((line, index) => ({ line: index, chars: lineChars(line) }))
    .filter((s) => s.chars.length > 0);
  const results: (WordResult | null)[] = words.map(() => null);
  const open = new Set(words.map((_, i) => i));

  // Closest matches first, so a word never takes characters another word fits exactly.
  while (open.size > 0 && segments.length > 0) {
    let best: { index: number; seg: number; fit: Fit; ratio: number } | null = null;
    for (const index of open) {
      const chars = [...(words[index] ?? '')];
      for (let seg = 0; seg < segments.length; seg++) {
        const fit = fitWord(chars, segments[seg]?.chars ?? []);
        if (fit.right === 0) continue;
        const ratio = fit.cost / chars.length;
        if (!best || ratio < best.ratio || (ratio === best.ratio && fit.right > best.fit.right))
          best = { index, seg, fit, ratio };
      }
    }
    if (!best) break;
    const { index, seg, fit } = best;
    results[index] = wordResult(words[index] ?? '', fit.ops);
    open.delete(index);
    segments = splitSegment(segments, seg, fit.start, fit.end);
  }

  // Words with no right character: a leftover stretch of the same length, in order, is what was written.
  for (const index of [...open].sort((a, b) => a - b)) {
    const chars = [...(words[index] ?? '')];
    const seg = segments.findIndex((s) => s.chars.length === chars.length);
    const segment = segments[seg];
    if (!segment) continue;
    results[index] = wordResult(
      words[index] ?? '',
      chars.map((ref, k) => {
        const hyp = segment.chars[k] ?? '';
        return ref === hyp ? { op: 'match', ref, hyp } : { op: 'sub', ref, hyp };
      }),
    );
    open.delete(index);
    segments = segments.filter((_, k) => k !== seg);
  }

  const final = results.map((r, i) => r ?? missingWord(words[i] ?? ''));
  const extra = segments
    .slice()
    .sort((a, b) => a.line - b.line)
    .map((s) => s.chars.join(''))
    .join('');
  const counts = { right: 0, wrong: 0, missing: 0, extra: [...extra].length };
  let inside = 0;
  for (const r of final) {
    for (const c of r.chars) counts[c.status]++;
    inside += r.extra.length;
  }
  const asked = counts.right + counts.wrong + counts.missing;
  const score = asked === 0 ? 0 : Math.round((100 * counts.right) / (asked + inside));
  return { words: final, extra, counts, score };
}

/** Removes the stretch [start, end) from a segment, keeping what lies on either side. */
function splitSegment(segments: Segment[], at: number, start: number, end: number): Segment[] {
  const target = segments[at];
  if (!target) return segments;
  const pieces = [target.chars.slice(0, start), target.chars.slice(end)]
    .filter((chars) => chars.length > 0)
    .map((chars) => ({ line: target.line, chars }));
  return [...segments.slice(0, at), ...pieces, ...segments.slice(at + 1)];
}
