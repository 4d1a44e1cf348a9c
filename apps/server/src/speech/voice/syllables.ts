/**
 * Where each expected syllable lies in a recording, found from the recording itself: the speech is cut
 * into as many pieces as the text has syllables, at the deepest dips of loudness and voicing, with pieces
 * of roughly even length preferred (a dynamic programme over the cut positions). Nothing here depends on
 * the learner sounding like a synthesiser.
 */

/** A cut inside a pause costs nothing; a cut in loud voiced speech costs most. */
const PAUSE_BONUS_DB = 25;
/** An unvoiced frame (a consonant) is a likely boundary. */
const UNVOICED_BONUS_DB = 6;
/** Weight of a piece's deviation from the even length, dB per squared relative deviation. */
const EVEN_WEIGHT = 16;
/** The shortest and longest piece, as shares of the even length. */
const MIN_SHARE = 0.3;
const MAX_SHARE = 2.6;
/** Loudness is smoothed over this many frames each side before dips are looked for. */
const SMOOTH = 2;

/**
 * Frame spans [start, end) of `count` syllables in the speech of a recording (10 ms frames). `speech` is
 * 1 per frame with speech, `energyDb` the loudness, `voiced` 1 where the pitch tracker heard a voice.
 */
export function findSyllables(
  count: number,
  speech: Uint8Array,
  energyDb: Float32Array,
  voiced: (frame: number) => boolean,
): Array<[number, number]> {
  if (count === 0) return [];
  // Only speech frames take part: a pause holds no syllable, and its length says nothing of theirs.
  const spoken: number[] = [];
  speech.forEach((v, f) => {
    if (v === 1) spoken.push(f);
  });
  if (spoken.length === 0) return Array.from({ length: count }, () => [0, 0]);
  const n = spoken.length;
  const at = (i: number) => spoken[i] ?? 0;
  if (count === 1) return [[at(0), at(n - 1) + 1]];
  // The cost of cutting before spoken frame i: how loud and voiced it is against its neighbourhood; free
  // right after a pause.
  const cut = new Float64Array(n + 1);
  for (let i = 1; i < n; i++) {
    const f = at(i);
    if (f - at(i - 1) > 1) {
      cut[i] = -PAUSE_BONUS_DB - 30;
      continue;
    }
    let sum = 0;
    let k = 0;
    for (let j = Math.max(0, i - SMOOTH); j <= Math.min(n - 1, i + SMOOTH); j++) {
      sum += energyDb[at(j)] ?? -100;
      k++;
    }
    let peak = -Infinity;
    for (let j = Math.max(0, i - 15); j < Math.min(n, i + 15); j++)
      peak = Math.max(peak, energyDb[at(j)] ?? -100);
    const depth = Math.max(0, peak - sum / Math.max(1, k));
    cut[i] = -Math.min(depth, 30) - (voiced(f) ? 0 : UNVOICED_BONUS_DB);
  }
  const even = n / count;
  const minLen = Math.max(1, Math.floor(even * MIN_SHARE));
  const maxLen = Math.max(minLen + 1, Math.ceil(even * MAX_SHARE));
  // best[k][i]: the cheapest way to place k cuts with the last one before spoken frame i.
  const best = new Float64Array((count + 1) * (n + 1)).fill(Infinity);
  const back = new Int32Array((count + 1) * (n + 1)).fill(-1);
  best[0] = 0;
  const lengthCost = (len: number) => EVEN_WEIGHT * ((len - even) / even) ** 2;
  for (let k = 1; k <= count; k++) {
    for (let i = k * minLen; i <= n; i++) {
      if (k === count && i !== n) continue;
      let min = Infinity;
      let arg = -1;
      for (let j = Math.max(0, i - maxLen); j <= i - minLen; j++) {
        const prev = best[(k - 1) * (n + 1) + j] ?? Infinity;
        if (prev === Infinity) continue;
        const c = prev + lengthCost(i - j);
        if (c < min) {
          min = c;
          arg = j;
        }
      }
      if (arg < 0) continue;
      best[k * (n + 1) + i] = min + (k < count ? (cut[i] ?? 0) : 0);
      back[k * (n + 1) + i] = arg;
    }
  }
  if ((best[count * (n + 1) + n] ?? Infinity) === Infinity) {
    // Too little speech for the count (a few frames): even pieces.
    return Array.from({ length: count }, (_, k) => {
      const a = Math.floor((n * k) / count);
      return [at(a), at(Math.max(a, Math.floor((n * (k + 1)) / count) - 1)) + 1];
    });
  }
  const cuts: number[] = [n];
  for (let k = count, i = n; k > 0; k--) {
    i = back[k * (n + 1) + i] ?? 0;
    cuts.unshift(i);
  }
  const spans: Array<[number, number]> = [];
  for (let k = 0; k < count; k++) {
    const a = cuts[k] ?? 0;
    const b = Math.max(a + 1, cuts[k + 1] ?? n);
    // A syllable ends where its last speech frame ends, not after the pause that follows it.
    spans.push([at(a), at(Math.min(n, b) - 1) + 1]);
  }
  return spans;
}
