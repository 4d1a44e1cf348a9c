// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';

const order: string[] = [];
let releaseTexts: () => void = () => {};
vi.mock('./i18n', () => ({
  loadAllTexts: () =>
    new Promise<void>((resolve) => {
      order.push('texts asked');
      releaseTexts = () => {
        order.push('texts loaded');
        resolve();
      };
    }),
}));
vi.mock('./query', () => ({ loadQueryClient: () => Promise.resolve({}) }));

const { lazyPart } = await import('./lazy-part');

function Page() {
  return <p>the page</p>;
}
const load = () => {
  order.push('page asked');
  return Promise.resolve({ Page });
};

/** Renders a fresh lazy part and waits until it has asked for the texts. */
async function renderPart() {
  const Part = lazyPart(load, 'Page');
  render(
    <Suspense fallback={<p>loading</p>}>
      <Part />
    </Suspense>,
  );
  await vi.waitFor(() => expect(order).toContain('texts asked'));
}

describe('lazyPart', () => {
  beforeEach(() => {
    order.length = 0;
    document.head.innerHTML = '';
  });
  afterEach(cleanup);

  it('asks for the page with the texts where nothing is preloaded (no round trip more)', async () => {
    await renderPart();
    expect(order).toContain('page asked');
    releaseTexts();
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it("runs a preloaded page's code only after the texts, a task later", async () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/index.js" data-entry data-chunks="">';
    await renderPart();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).not.toContain('page asked');
    releaseTexts();
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(order).toEqual(['texts asked', 'texts loaded', 'page asked']);
  });
});
