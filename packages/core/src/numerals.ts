/**
 * Arabic numerals read the way a Mandarin speaker says them. A recogniser writes "3点" or "2024年"
 * for what the learner said as 三点 or 二零二四年, while the reference text of a question spells the
 * characters; reading both the same way keeps a right answer from being marked wrong.
 */

const DIGIT = '零一二三四五六七八九';
const PLACE = ['', '十', '百', '千'] as const;
/** Numbers this long or longer are read digit by digit (phone, account and room numbers). */
const DIGIT_BY_DIGIT_FROM = 9;
/** Measure words after which a lone 2 is said 两 (两个, 两点, 两年), unless it counts an order (第二课). */
const TAKES_LIANG = new Set([...'个本张位只件次条块口辆台双天年岁点斤家层部杯碗瓶种门把节课周月']);

/** Digit by digit: 2024 → 二零二四. */
export function readDigits(digits: string): string {
  return [...digits].map((d) => DIGIT[Number(d)] ?? d).join('');
}

function underTenThousand(n: number): string {
  let out = '';
  let gap = false;
  for (let place = 3; place >= 0; place--) {
    const d = Math.floor(n / 10 ** place) % 10;
    if (d === 0) {
      if (out) gap = true;
      continue;
    }
    if (gap) out += '零';
    gap = false;
    // 2000 is said 两千.
    out += `${d === 2 && place === 3 ? '两' : DIGIT[d]}${PLACE[place]}`;
  }
  return out;
}

/** A whole number from 0 to 99,999,999 as a cardinal: 15 → 十五, 105 → 一百零五, 20300 → 两万零三百. */
export function readCardinal(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 100_000_000) return readDigits(String(n));
  if (n === 0) return DIGIT[0] ?? '';
  const high = Math.floor(n / 10_000);
  const low = n % 10_000;
  let out = high === 2 ? '两万' : high > 0 ? `${underTenThousand(high)}万` : '';
  if (low > 0) out += `${high > 0 && low < 1000 ? '零' : ''}${underTenThousand(low)}`;
  // 10-19 at the head is said 十…, not 一十….
  return out.startsWith('一十') ? out.slice(1) : out;
}

function readWhole(digits: string, next: string, ordinal = false): string {
  if (digits.length > 1 && digits.startsWith('0')) return readDigits(digits);
  if (digits.length >= DIGIT_BY_DIGIT_FROM) return readDigits(digits);
  // Years are said digit by digit: 1998年 → 一九九八年.
  if (next === '年' && digits.length >= 3) return readDigits(digits);
  if (digits === '2' && !ordinal && TAKES_LIANG.has(next)) return '两';
  return readCardinal(Number(digits));
}

// A time (8:30), a percentage (50%, 3.5%), a decimal (3.5) or a whole number (15).
const NUMBER = /(\d{1,2}):(\d{2})(?!\d)|(\d+)(?:\.(\d+))?(%?)/g;

/** Replaces the Arabic numerals of a text with their spoken Chinese form; other text is kept. */
export function readNumerals(text: string): string {
  return text.replace(
    NUMBER,
    (
      match,
      hour?: string,
      minute?: string,
      whole?: string,
      fraction?: string,
      percent?: string,
      offset = 0,
    ) => {
      const next = text.charAt(Number(offset) + match.length);
      if (hour !== undefined && minute !== undefined) {
        const h = readWhole(hour, '点');
        return minute === '00' ? `${h}点` : `${h}点${readCardinal(Number(minute))}分`;
      }
      if (whole === undefined) return match;
      const ordinal = text.charAt(Number(offset) - 1) === '第';
      let spoken = readWhole(whole, percent ? '' : next, ordinal);
      if (fraction !== undefined) spoken += `点${readDigits(fraction)}`;
      return percent ? `百分之${spoken}` : spoken;
    },
  );
}
