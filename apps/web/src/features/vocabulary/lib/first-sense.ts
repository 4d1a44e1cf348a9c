// Dictionary senses a learner does not need first: registers, bound forms, classifiers, surnames, variants.
const NOT_FIRST =
  /^(\((literary|bound form|archaic|old|dialect|classical|coll\.|slang|Tw|abbr\. for)[^)]*\)|classifier|CL:|surname|variant of|old variant|see |used in )/i;

/**
 * The sense shown first, before the dictionary's full entry: the first sense that is not a register
 * mark, a classifier, a surname or a variant note, without pinyin in brackets (把[bǎ]). The full entry
 * is the fallback when every sense is such a note.
 */
export function firstSense(meaning: string): string {
  const senses = meaning
    .split(/;\s*/)
    .map((s) => s.replace(/\[[^\]]*\]/g, '').trim())
    .filter((s) => s.length > 0);
  return senses.find((s) => !NOT_FIRST.test(s)) ?? senses[0] ?? meaning;
}
