// Which CC-CEDICT sense a word shows first: the one of the word's HSK part of speech (被 "by", not
// "quilt"). CC-CEDICT orders senses by its own history, not by what a learner meets first.
import fs from 'node:fs';
import path from 'node:path';

/** Hand-checked first senses: {"word" | "word@part of speech": "start of the sense to show first"}. */
export function loadFirstSenses(vocabDir) {
  const file = path.join(vocabDir, 'first-senses.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

/** The rough shape of a sense: CC-CEDICT writes verbs "to …" and classifiers "classifier for …". */
export function senseShape(sense) {
  const s = sense.replace(/^\([^)]*\)\s*/, (m) =>
    /\b(?:classifier|particle|used|indicates|marker)\b/i.test(m) ? m : '',
  );
  // "to one's satisfaction", "to a certain extent": adverbial phrases, not verbs.
  if (/^to\s/i.test(s) && !/^to (?:a|an|the|one's|sb's|no|some|this|that|what|and)\b/i.test(s)) return 'verb';
  if (/^\(?(?:classifier|measure word)\b/i.test(s)) return 'measure';
  if (
    /^\((?:particle|used|indicates|marker|interjection|prefix|suffix)\b/i.test(s) ||
    /^(?:particle|interjection)\b/i.test(s)
  )
    return 'particle';
  return 'other';
}

/** The main part of speech: the first one outside brackets (`动、（名）` → `动`), '' when none is given. */
export function mainPos(pos) {
  return (
    (pos ?? '')
      .replace(/（[^）]*）/g, '')
      .split('、')
      .map((p) => p.trim())
      .filter(Boolean)[0] ?? ''
  );
}

/** The shape the word's main part of speech (`动、（名）`: the first one outside brackets) expects, if any. */
export function expectedShape(pos) {
  const main = mainPos(pos);
  if (main === '动') return 'verb';
  if (main === '量') return 'measure';
  if (main === '助' || main === '叹' || main === '后缀' || main === '前缀') return 'particle';
  return null;
}

/**
 * The senses reordered so the HSK sense leads: the hand-checked choice when there is one, otherwise the
 * senses of the expected shape first (order kept within each group). Returns the senses unchanged when
 * nothing matches. Throws on a hand choice that matches no sense, so a stale choice is noticed.
 */
export function leadSenses(word, pos, rawSenses, firstSenses) {
  const senses = rawSenses.flatMap(splitItems);
  // "word@名": the choice for that part of speech only (才 "just" as an adverb, "ability" as a noun).
  const chosen = firstSenses[`${word}@${mainPos(pos)}`] ?? firstSenses[word];
  if (chosen !== undefined) {
    const i = senses.findIndex((s) => s.startsWith(chosen));
    if (i < 0) throw new Error(`first-senses.json: no sense of ${word} starts with "${chosen}"`);
    return [senses[i], ...senses.slice(0, i), ...senses.slice(i + 1)];
  }
  const want = expectedShape(pos);
  if (!want || senses.length < 2) return senses;
  const first = senses.filter((s) => senseShape(s) === want);
  if (!first.length || senseShape(senses[0]) === want) return senses;
  return [...first, ...senses.filter((s) => senseShape(s) !== want)];
}

/** A CC-CEDICT sense split at "; " outside brackets ("in every case; always" is two items). */
function splitItems(sense) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < sense.length; i++) {
    const c = sense[i];
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === ';' && depth === 0) {
      out.push(sense.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(sense.slice(start).trim());
  return out.filter(Boolean);
}
