// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { HskAnswerValue, HskItem } from '@kouyu/core';
import { i18n } from '@/lib/i18n';
import { ItemInput } from './item-input';

/** The input with its answer kept, as the runner keeps it. */
function Harness({ item, seen }: { item: HskItem; seen: HskAnswerValue[] }) {
  const [value, setValue] = useState<HskAnswerValue | undefined>(undefined);
  return (
    <ItemInput
      item={item}
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
      disabled={false}
      compactOptions={false}
      showPinyin
    />
  );
}

const base = { number: 1, group: null, points: 1 } as const;

describe('HSK answer inputs', () => {
  afterEach(cleanup);

  it('builds a sentence from words in the order they are picked, with undo', async () => {
    await i18n.changeLanguage('en');
    const seen: HskAnswerValue[] = [];
    render(
      <Harness
        item={{ ...base, id: 'r', type: 'sentence_reorder', words: ['放进', '西瓜', '请', '冰箱里', '把'] }}
        seen={seen}
      />,
    );
    for (const w of ['请', '把', '西瓜', '放进', '冰箱里'])
      fireEvent.click(screen.getByRole('button', { name: w }));
    expect(seen.at(-1)).toBe('请把西瓜放进冰箱里');
    expect(screen.getByRole('button', { name: '请' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(seen.at(-1)).toBe('请把西瓜放进');
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(seen.at(-1)).toBe('');
  });

  it('orders sentences as a letter string', async () => {
    await i18n.changeLanguage('en');
    const seen: HskAnswerValue[] = [];
    const sentences = [
      { key: 'A', text: '所以我们只能明天再去了。' },
      { key: 'B', text: '但是下午突然下起了大雨，' },
      { key: 'C', text: '我们今天打算去爬山，' },
    ];
    render(<Harness item={{ ...base, id: 'o', type: 'sentence_ordering', sentences }} seen={seen} />);
    for (const k of ['C', 'B', 'A'])
      fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${k} `) }));
    expect(seen).toEqual(['C', 'CB', 'CBA']);
  });

  it('answers true or false and picks an option with its pinyin shown', async () => {
    await i18n.changeLanguage('ru');
    const seen: HskAnswerValue[] = [];
    render(<Harness item={{ ...base, id: 't', type: 'picture_true_false' }} seen={seen} />);
    fireEvent.click(screen.getByRole('radio', { name: /Неверно/ }));
    expect(seen).toEqual([false]);
    cleanup();
    const options = [
      { key: 'A', text: '七岁', pinyin: 'qī suì' },
      { key: 'B', text: '八岁', pinyin: 'bā suì' },
    ];
    render(<Harness item={{ ...base, id: 'c', type: 'dialogue_question', options }} seen={seen} />);
    expect(screen.getByText('bā suì')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /八岁/ }));
    expect(seen.at(-1)).toBe('B');
  });

  it('counts written characters against the asked range and marks the words used', async () => {
    await i18n.changeLanguage('en');
    const seen: HskAnswerValue[] = [];
    render(
      <Harness
        item={{
          ...base,
          id: 'w',
          type: 'picture_word_sentence',
          required_words: ['干杯'],
          min_chars: 6,
          max_chars: 30,
        }}
        seen={seen}
      />,
    );
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: '大家 一起干杯！' } });
    expect(seen.at(-1)).toBe('大家 一起干杯！');
    expect(screen.getByText('7 characters (aim for 6–30)')).toBeTruthy();
    expect(screen.getByText(/used/)).toBeTruthy();
  });
});
