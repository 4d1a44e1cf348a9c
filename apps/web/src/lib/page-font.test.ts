// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeFontSubset, FONT_SUBSET_MAX_CHARS } from '@kouyu/core';
import { PAGE_FONT_FAMILY, startPageFont } from './page-font';

/** A stand-in for the browser's FontFace: what the page font asked for. */
class FakeFace {
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors,
  ) {}
  /** The characters its URL names, read back with core's rule. */
  get chars(): string {
    const name = /\/fonts\/cjk\/[a-z0-9-]+\/([0-9a-z.]+)\.woff2\)/.exec(this.source)?.[1] ?? '';
    return String.fromCodePoint(...(decodeFontSubset(name) ?? []));
  }
}

describe('the page font', () => {
  let faces: FakeFace[];
  let fonts: EventTarget & { add(f: FakeFace): void; delete(f: FakeFace): void };
  let stop: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    faces = [];
    fonts = Object.assign(new EventTarget(), {
      add: (f: FakeFace) => void faces.push(f),
      delete: (f: FakeFace) => void (faces = faces.filter((x) => x !== f)),
    });
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
    document.body.innerHTML = '<main><h1>HSK 3 词汇</h1><p>Learn 你好 — nǐ hǎo!</p></main>';
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const start = () => {
    stop();
    stop = startPageFont({ doc: document, FontFace: FakeFace as unknown as typeof FontFace });
  };
  const fire = (type: 'loadingdone' | 'loadingerror', ...loaded: (FakeFace | undefined)[]) =>
    fonts.dispatchEvent(Object.assign(new Event(type), { fontfaces: loaded }));
  /** A new page: the faces of the last one are gone, what the device remembers stays. */
  const newPage = (html: string) => {
    stop();
    faces = [];
    document.body.innerHTML = html;
    start();
  };
  const byCode = (text: string) =>
    [...text].sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0)).join('');

  it('asks at once for the Chinese characters already on the page, in one face, and for nothing Latin', () => {
    start();
    expect(faces).toHaveLength(1);
    const face = faces[0];
    expect(face?.family).toBe(PAGE_FONT_FAMILY);
    expect(face?.source).toMatch(
      /^url\(\/api\/v1\/fonts\/cjk\/[a-z0-9-]+\/[0-9a-z.]+\.woff2\) format\('woff2'\)$/,
    );
    expect([...(face?.chars ?? '')].sort()).toEqual([...'词汇你好'].sort());
    expect(face?.descriptors.unicodeRange).toBe('U+4F60,U+597D,U+6C47,U+8BCD');
    expect(face?.descriptors.display).toBe('swap');
  });

  it('asks only for new characters when the page changes, gathered into one request', async () => {
    start();
    const list = document.createElement('ul');
    list.innerHTML = '<li>你好</li><li>画蛇添足</li>';
    document.body.append(list);
    const more = document.createElement('li');
    more.textContent = '一石二鸟';
    list.append(more);
    await vi.advanceTimersByTimeAsync(100);
    expect(faces).toHaveLength(2);
    expect([...(faces[1]?.chars ?? '')].sort()).toEqual([...'画蛇添足一石二鸟'].sort());
    // Text changed in place, and a field's placeholder.
    (list.firstChild?.firstChild as Text).data = '你好吗';
    const input = document.createElement('input');
    input.placeholder = '搜索';
    document.body.append(input);
    await vi.advanceTimersByTimeAsync(100);
    expect([...(faces[2]?.chars ?? '')].sort()).toEqual([...'吗搜索'].sort());
    // Nothing new: no request.
    list.append(Object.assign(document.createElement('li'), { textContent: '你好 hello' }));
    await vi.advanceTimersByTimeAsync(100);
    expect(faces).toHaveLength(3);
  });

  it('asks for what the learner types', async () => {
    start();
    const input = document.createElement('input');
    document.body.append(input);
    await vi.advanceTimersByTimeAsync(100);
    input.value = '学习';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(100);
    expect([...(faces.at(-1)?.chars ?? '')].sort()).toEqual([...'学习'].sort());
  });

  it('splits a page with more characters than one request may name', () => {
    const many = Array.from({ length: FONT_SUBSET_MAX_CHARS + 20 }, (_, i) =>
      String.fromCodePoint(0x4e00 + i),
    ).join('');
    document.body.innerHTML = `<p>${many}</p>`;
    start();
    expect(faces.map((f) => [...f.chars].length)).toEqual([FONT_SUBSET_MAX_CHARS, 20]);
  });

  it('asks again for a face that failed to load, later, and then doubles the wait', async () => {
    start();
    const failed = faces[0];
    const fail = (face: FakeFace | undefined) => fire('loadingerror', face);
    fail(failed);
    expect(faces).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(faces).toHaveLength(1);
    expect(faces[0]?.chars).toBe(failed?.chars);
    fail(faces[0]);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(faces).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(faces).toHaveLength(1);
  });

  it('takes the next page’s characters from the sets it loaded before, and cuts only the new ones', () => {
    document.body.innerHTML = '<p>我们一起学习汉语吧</p>';
    start();
    fire('loadingdone', faces[0]);
    const before = faces[0]?.source;
    newPage('<p>我们一起学习汉语吧，画蛇添足</p>');
    expect(faces).toHaveLength(2);
    expect(faces[0]?.source).toBe(before);
    expect(faces[1]?.chars).toBe(byCode('，画蛇添足'));
  });

  it('online, leaves a remembered set that shares only a few characters; offline, takes it', () => {
    document.body.innerHTML = '<p>我们一起学习汉语吧</p>';
    start();
    fire('loadingdone', faces[0]);
    const remembered = faces[0]?.source;
    newPage('<p>我们在画蛇添足</p>');
    expect(faces.map((f) => f.source)).not.toContain(remembered);
    expect(faces[0]?.chars).toBe(byCode('我们在画蛇添足'));

    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    newPage('<p>我们在画蛇添足</p>');
    expect(faces[0]?.source).toBe(remembered);
    online.mockRestore();
  });

  it('forgets a remembered set that no longer loads, and asks for its characters anew', async () => {
    document.body.innerHTML = '<p>我们一起学习汉语吧</p>';
    start();
    fire('loadingdone', faces[0]);
    const remembered = faces[0]?.source;
    newPage('<p>我们一起学习汉语吧</p>');
    expect(faces[0]?.source).toBe(remembered);
    fire('loadingerror', faces[0]);
    expect(localStorage.getItem('page_fonts')).toBe('[]');
    await vi.advanceTimersByTimeAsync(2_100);
    expect(faces).toHaveLength(1);
    expect(faces[0]?.chars).toBe(byCode('我们一起学习汉语吧'));
  });
});
