// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { Button } from './button';
import { useClearOfPrimary } from './use-clear-of-primary';

/** jsdom has no IntersectionObserver: this one records what is asked of it and reports when told. */
class FakeObserver {
  static live: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  readonly rootMargin: string;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.rootMargin = options?.rootMargin ?? '';
    FakeObserver.live.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    FakeObserver.live = FakeObserver.live.filter((o) => o !== this);
  }
  takeRecords() {
    return [];
  }
  /** What the browser does when `target` enters or leaves the root. */
  report(target: Element, isIntersecting: boolean) {
    const entry = { target, isIntersecting } as unknown as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

const observer = () => {
  const [only] = FakeObserver.live;
  if (!only || FakeObserver.live.length !== 1) throw new Error(`${FakeObserver.live.length} observers`);
  return only;
};
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

beforeAll(() => {
  globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  // A 390×844 phone screen, and the float 48 px square at 16 px from the right, 124 px from the bottom.
  Object.defineProperty(document.documentElement, 'clientWidth', { value: 390, configurable: true });
  Object.defineProperty(document.documentElement, 'clientHeight', { value: 844, configurable: true });
});

function Float() {
  const ref = useRef<HTMLDivElement>(null);
  const covering = useClearOfPrimary(ref, 'above-bar');
  return (
    <div
      ref={(el) => {
        ref.current = el;
        if (el) {
          el.getBoundingClientRect = () =>
            ({ left: 326, right: 374, top: 672, bottom: 720, width: 48, height: 48 }) as DOMRect;
        }
      }}
      data-testid="float"
      data-covering={String(covering)}
    />
  );
}

/** A page with one primary action and the float, once the float has been placed. */
async function renderWithStart() {
  render(
    <>
      <Button>Start</Button>
      <Float />
    </>,
  );
  await frame();
}

const covering = () => screen.getByTestId('float').getAttribute('data-covering');

describe('useClearOfPrimary', () => {
  afterEach(() => {
    cleanup();
    FakeObserver.live = [];
  });

  it("watches the page's primary actions through the float's own box", async () => {
    render(
      <>
        <Button>Start</Button>
        <Button variant="secondary">Details</Button>
        <Float />
      </>,
    );
    await frame();
    // The viewport less the float's box and 8 px around it: top, right, bottom, left.
    expect(observer().rootMargin).toBe('-664px -8px -116px -318px');
    expect([...observer().targets].map((t) => t.textContent)).toEqual(['Start']);
  });

  it('says so while a primary action is under the float, and no longer once it is scrolled clear', async () => {
    await renderWithStart();
    const start = screen.getByText('Start');
    act(() => observer().report(start, true));
    expect(covering()).toBe('true');
    act(() => observer().report(start, false));
    expect(covering()).toBe('false');
  });

  it('watches a primary action that appears after the float, and forgets one that is removed', async () => {
    function Steps() {
      const [step, setStep] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setStep((s) => s + 1)}>
            step
          </button>
          {step === 1 ? <Button>Next</Button> : null}
          <Float />
        </>
      );
    }
    render(<Steps />);
    await frame();
    expect(observer().targets.size).toBe(0);
    act(() => screen.getByText('step').click());
    const next = screen.getByText('Next');
    await waitFor(() => expect(observer().targets.has(next)).toBe(true));
    act(() => observer().report(next, true));
    expect(covering()).toBe('true');
    // The step swaps its buttons: the removed one no longer counts, though no entry said so.
    act(() => screen.getByText('step').click());
    await waitFor(() => expect(covering()).toBe('false'));
    expect(observer().targets.has(next)).toBe(false);
  });

  it('measures the float again when the window is resized', async () => {
    await renderWithStart();
    const first = observer();
    act(() => void window.dispatchEvent(new Event('resize')));
    await frame();
    expect(observer()).not.toBe(first);
    expect([...observer().targets].map((t) => t.textContent)).toEqual(['Start']);
  });
});
