/** Characters idioms are made of, the wrong choices of "fill the idiom". */
const COMMON = [...'一不人大心天无有中自之千万水山风日月花马手口目言行'];
const HAN = /\p{Script=Han}/u;

/** A small stable hash: the same card shows the same blank until it is answered again. */
export function hashOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

export interface IdiomBlank {
  /** The idiom's characters with the blank as null. */
  parts: (string | null)[];
  answer: string;
  /** Four choices, the answer among them. */
  choices: string[];
}

/** Blanks one Chinese character of `idiom`, chosen by `seed`, and offers it among three others. */
export function idiomBlank(idiom: string, seed: string): IdiomBlank {
  const chars = [...idiom];
  const positions = chars.flatMap((c, i) => (HAN.test(c) ? [i] : []));
  const at = positions[hashOf(seed) % Math.max(1, positions.length)] ?? 0;
  const answer = chars[at] ?? '';
  const others = COMMON.filter((c) => !chars.includes(c))
    .sort((a, b) => hashOf(seed + a) - hashOf(seed + b))
    .slice(0, 3);
  const choices = [answer, ...others].sort((a, b) => hashOf(a + seed) - hashOf(b + seed));
  return { parts: chars.map((c, i) => (i === at ? null : c)), answer, choices };
}
