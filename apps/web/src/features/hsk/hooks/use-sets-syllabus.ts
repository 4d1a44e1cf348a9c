import { useSearchParams } from 'react-router';
import { syllabusOr } from '@kouyu/core';
import type { Syllabus } from '@kouyu/core';
import { useSyllabus } from '@/lib/syllabus';

/**
 * The syllabus whose practice sets an HSK page lists: the address's `?syllabus=` (the other syllabus's sets
 * stay one link away), else the learner's own.
 */
export function useSetsSyllabus(): Syllabus {
  const [params] = useSearchParams();
  const { syllabus } = useSyllabus();
  return syllabusOr(params.get('syllabus'), syllabus);
}
