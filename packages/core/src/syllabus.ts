import { z } from 'zod';

/**
 * The HSK syllabus a learner studies: `hsk2` (HSK 2.0, levels 1-6) or `hsk3` (the 2025 examination
 * syllabus, levels 1-6 and the 7-9 band). A dimension of the whole study side: vocabulary, characters,
 * the today plan and practice sets.
 */
export const SYLLABUSES = ['hsk2', 'hsk3'] as const;
export type Syllabus = (typeof SYLLABUSES)[number];
export const syllabusSchema = z.enum(SYLLABUSES);

/** What an API call without `syllabus` answers, as before the syllabus existed. */
export const SYLLABUS_UNSPECIFIED: Syllabus = 'hsk2';
/** A new learner's syllabus (learners who registered before keep HSK 2.0 until they switch). */
export const SYLLABUS_DEFAULT: Syllabus = 'hsk3';

/** HSK 3.0 writes its top band as one level: 7 stands for "7-9". */
export const HSK3_BAND_LEVEL = 7;

export const SYLLABUS_LEVELS: Record<Syllabus, readonly number[]> = {
  hsk2: [1, 2, 3, 4, 5, 6],
  hsk3: [1, 2, 3, 4, 5, 6, HSK3_BAND_LEVEL],
};

/** The name of a level: `7-9` for the HSK 3.0 band, the number otherwise. */
export function levelLabel(syllabus: Syllabus, level: number): string {
  return syllabus === 'hsk3' && level === HSK3_BAND_LEVEL ? '7-9' : String(level);
}

/** True when `level` is a level of `syllabus`. */
export function isSyllabusLevel(syllabus: Syllabus, level: number): boolean {
  return SYLLABUS_LEVELS[syllabus].includes(level);
}

/** The other syllabus (a word shows its level in both). */
export function otherSyllabus(syllabus: Syllabus): Syllabus {
  return syllabus === 'hsk2' ? 'hsk3' : 'hsk2';
}

/** A syllabus read from anything (a stored value, a query): the fallback when it is not one. */
export function syllabusOr(value: unknown, fallback: Syllabus): Syllabus {
  return SYLLABUSES.find((s) => s === value) ?? fallback;
}

/**
 * HSK levels whose candidates also sit the oral exam in the 2025 syllabus, with the HSKK practice that
 * trains for it (HSKK intermediate covers HSK 3-4, advanced HSK 5-6, as the HSKK levels always did).
 */
export const HSK3_ORAL_EXAM: Readonly<Record<number, 'intermediate' | 'advanced'>> = {
  3: 'intermediate',
  4: 'intermediate',
  5: 'advanced',
  6: 'advanced',
};

/** A query's `level`: a number, or `7-9` for the HSK 3.0 band. */
export const syllabusLevelParam = z.preprocess(
  (v) => (v === '7-9' ? HSK3_BAND_LEVEL : v),
  z.coerce.number().int(),
);
