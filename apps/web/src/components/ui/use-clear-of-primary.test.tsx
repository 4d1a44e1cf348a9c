// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { Button } from './button';
import { useClearOfPrimary } from './use-clear-of-primary';

/** jsdom lays nothing out: each element's box comes from its data-box attribute, "left top width height". */
function boxOf(el: Element): DOMRect {
  const [x = 0, y = 0, w = 0, h = 0] = (el.getAttribute('data-box') ?? '0 0 0 0').split(' ').map(Number);
  return { x, y, left: x, top: y, width: w, height: h, right: x + w, bottom: y + h, toJSON: () => null };
}
Element.prototype.getBoundingClientRect = function (this: Element) {
  return boxOf(this);
};

function Float() {
  const ref = useRef<HTMLDivElement>(null);
  const covering = useClearOfPrimary(ref);
  return <div ref={ref} data-box="300 700 48 48" data-testid="float" data-covering={String(covering)} />;
}

function Page({ start, variant }: { start: string; variant?: 'primary' | 'secondary' }) {
  return (
    <>
      <Button variant={variant} data-box={start}>
        Start
      </Button>
      <Float />
    </>
  );
}

const covering = () => screen.getByTestId('float').getAttribute('data-covering');

describe('useClearOfPrimary', () => {
  afterEach(cleanup);

  it('says so while a primary button is under the float, and again once it is scrolled clear', async () => {
    render(<Page start="280 720 80 40" />);
    await waitFor(() => expect(covering()).toBe('true'));
    // The page scrolls: the button is now above the float, with more than the margin between.
    screen.getByRole('button').setAttribute('data-box', '280 600 80 40');
    act(() => void window.dispatchEvent(new Event('scroll')));
    await waitFor(() => expect(covering()).toBe('false'));
  });

  it('counts the margin around a primary action as part of it', async () => {
    // 4 px above the float: a thumb on the button's edge would hit the float.
    render(<Page start="280 656 80 40" />);
    await waitFor(() => expect(covering()).toBe('true'));
  });

  it('lets the float cover what is not a primary action', async () => {
    render(<Page start="280 720 80 40" variant="secondary" />);
    await new Promise((r) => requestAnimationFrame(r));
    await new Promise((r) => requestAnimationFrame(r));
    expect(covering()).toBe('false');
  });

  it('sees a primary action that appears under the float without a scroll', async () => {
    function Later() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setShown(true)}>
            show
          </button>
          {shown ? <Button data-box="290 710 80 40">Next</Button> : null}
          <Float />
        </>
      );
    }
    render(<Later />);
    await new Promise((r) => requestAnimationFrame(r));
    expect(covering()).toBe('false');
    act(() => screen.getByText('show').click());
    await waitFor(() => expect(covering()).toBe('true'));
  });
});
