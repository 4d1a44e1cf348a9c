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
const EVEN_WEIGHT = 8;
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
  const first = speech.indexOf(1);
  const last = speech.lastIndexOf(1);
  if (count === 0) return [];
  if (first < 0) return Array.from({ length: count }, () => [0, 0]);
  const from = first;
  const to = last + 1;
  if (count === 1) return [[from, to]];
  const n = to - from;
  // The cost of cutting before frame from + i: how loud and voiced it is against its neighbourhood.
  const cut = new Float64Array(n + 1);
  for (let i = 1; i < n; i++) {
    const f = from + i;
    let sum = 0;
    let k = 0;
    for (let j = f - SMOOTH; j <= f + SMOOTH; j++) {
      if (j >= from && j < to) {
        sum += speech[j] === 1 ? (energyDb[j] ?? -100) : -100;
        k++;
      }
    }
    let peak = -Infinity;
    for (let j = Math.max(from, f - 15); j < Math.min(to, f + 15); j++)
      peak = Math.max(peak, energyDb[j] ?? -100);
    const depth = Math.max(0, peak - sum / Math.max(1, k));
    cut[i] =
      -Math.min(depth, 30) - (speech[f] === 1 ? 0 : PAUSE_BONUS_DB) - (voiced(f) ? 0 : UNVOICED_BONUS_DB);
  }
  const even = n / count;
  const minLen = Math.max(1, Math.floor(even * MIN_SHARE));
  const maxLen = Math.max(minLen + 1, Math.ceil(even * MAX_SHARE));
  // best[k][i]: the cheapest way to place k cuts with the last one before frame from + i.
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
    return Array.from({ length: count }, (_, k) => [
      from + Math.floor((n * k) / count),
      from + Math.floor((n * (k + 1)) / count),
    ]);
  }
  const cuts: number[] = [n];
  for (let k = count, i = n; k > 0; k--) {
    i = back[k * (n + 1) + i] ?? 0;
    cuts.unshift(i);
  }
  const spans: Array<[number, number]> = [];
  for (let k = 0; k < count; k++) {
    let a = from + (cuts[k] ?? 0);
    let b = from + (cuts[k + 1] ?? n);
    // A syllable does not start or end in a pause.
    while (a < b - 1 && speech[a] !== 1) a++;
    while (b > a + 1 && speech[b - 1] !== 1) b--;
    spans.push([a, b]);
  }
  return spans;
}
