/**
 * Pinyin folded for search: no tone marks or tone numbers, no spaces or apostrophes, lower case, and ü
 * (also written v or u:) folded into u, so `yín háng`, `yin2 hang2`, `YinHang` and `yinhang` all match.
 */
export function plainPinyin(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/u:/g, 'u')
    .replace(/[üv]/g, 'u')
    .replace(/[\d\s'’·-]/g, '');
}

/** True when the text looks like pinyin (Latin letters, optional tone marks or numbers), not a translation. */
export function looksLikePinyin(input: string): boolean {
  return /^[a-zA-Zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜüv:\d\s'’-]+$/.test(input.trim());
}
