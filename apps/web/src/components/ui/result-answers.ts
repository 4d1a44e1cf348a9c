/** The fields that place a saved answer in its run. */
export interface PlacedAnswer {
  question_number: number;
  part?: number | null;
}

export interface PartGroup<A> {
  /** Null for an answer saved before its part was known. */
  part: number | null;
  items: { answer: A; runNumber: number }[];
}

/**
 * A saved run's answers grouped by part and numbered as the run numbered them: through the parts,
 * from 1 (a full basic test's part 3 starts at 26, as it did on the test page).
 */
export function answersByPart<A extends PlacedAnswer>(answers: readonly A[]): PartGroup<A>[] {
  const sorted = [...answers].sort(
    (x, y) => (x.part ?? 0) - (y.part ?? 0) || x.question_number - y.question_number,
  );
  const groups: PartGroup<A>[] = [];
  sorted.forEach((answer, i) => {
    const part = answer.part ?? null;
    let group = groups.at(-1);
    if (!group || group.part !== part) {
      group = { part, items: [] };
      groups.push(group);
    }
    group.items.push({ answer, runNumber: i + 1 });
  });
  return groups;
}
