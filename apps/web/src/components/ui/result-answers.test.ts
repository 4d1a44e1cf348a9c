import { describe, expect, it } from 'vitest';
import { answersByPart } from './result-answers';

describe('a saved run’s answers', () => {
  it('group by part and number through the parts, as the run did', () => {
    const answers = [
      { question_number: 1, part: 2, id: 'b1' },
      { question_number: 2, part: 1, id: 'a2' },
      { question_number: 1, part: 1, id: 'a1' },
      { question_number: 1, part: 3, id: 'c1' },
    ];
    const groups = answersByPart(answers);
    expect(groups.map((g) => [g.part, g.items.map((i) => [i.answer.id, i.runNumber])])).toEqual([
      [
        1,
        [
          ['a1', 1],
          ['a2', 2],
        ],
      ],
      [2, [['b1', 3]]],
      [3, [['c1', 4]]],
    ]);
  });
  it('keep answers saved without a part in one group, by their number', () => {
    const groups = answersByPart([{ question_number: 2 }, { question_number: 1 }]);
    expect(groups).toEqual([
      {
        part: null,
        items: [
          { answer: { question_number: 1 }, runNumber: 1 },
          { answer: { question_number: 2 }, runNumber: 2 },
        ],
      },
    ]);
  });
});
