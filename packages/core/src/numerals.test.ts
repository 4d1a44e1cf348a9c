import { describe, expect, it } from 'vitest';
import { readCardinal, readDigits, readNumerals } from './numerals.js';
import { spokenChars } from './scoring.js';

describe('numerals as said in Mandarin', () => {
  it.each([
    [0, '零'],
    [7, '七'],
    [10, '十'],
    [15, '十五'],
    [20, '二十'],
    [105, '一百零五'],
    [110, '一百一十'],
    [1001, '一千零一'],
    [2000, '两千'],
    [3050, '三千零五十'],
    [10_000, '一万'],
    [12_000, '一万两千'],
    [20_300, '两万零三百'],
    [150_000, '十五万'],
    [1_000_001, '一百万零一'],
  ])('reads %i as %s', (n, said) => {
    expect(readCardinal(n)).toBe(said);
  });

  it('reads long numbers, leading zeros and years digit by digit', () => {
    expect(readDigits('2024')).toBe('二零二四');
    expect(readNumerals('我1998年出生')).toBe('我一九九八年出生');
    expect(readNumerals('电话是13812345678')).toBe('电话是一三八一二三四五六七八');
    expect(readNumerals('房间0302')).toBe('房间零三零二');
  });

  it('says a lone 2 before a measure word as 两', () => {
    expect(readNumerals('我有2个苹果')).toBe('我有两个苹果');
    expect(readNumerals('下午2点见')).toBe('下午两点见');
    expect(readNumerals('第2课')).toBe('第二课');
    expect(readNumerals('2加2')).toBe('二加二');
    expect(readNumerals('12个')).toBe('十二个');
  });

  it('reads times, decimals and percentages', () => {
    expect(readNumerals('8:30上课')).toBe('八点三十分上课');
    expect(readNumerals('9:00')).toBe('九点');
    expect(readNumerals('3.5公斤')).toBe('三点五公斤');
    expect(readNumerals('50%的人')).toBe('百分之五十的人');
    expect(readNumerals('没有数字')).toBe('没有数字');
  });

  it('makes a recognised "3点" score like the reference 三点', () => {
    expect(spokenChars('我3点下班。')).toEqual(spokenChars('我三点下班'));
    expect(spokenChars('我有２个哥哥')).toEqual([...'我有两个哥哥']);
  });
});
