// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DeferredTrigger, deferred, useDeferredMenu } from './deferred-menu';

function fakeMenu() {
  let loads = 0;
  const menu = deferred<{ defaultOpen: boolean }>(async () => {
    loads += 1;
    await Promise.resolve();
    // Like a menu library's uncontrolled root: `defaultOpen` is read when the menu mounts.
    return function Menu({ defaultOpen }) {
      const [open] = useState(defaultOpen);
      return <div data-testid="menu">{open ? 'open' : 'closed'}</div>;
    };
  });
  return { menu, loads: () => loads };
}

function Slot({ menu, shown = true }: { menu: ReturnType<typeof fakeMenu>['menu']; shown?: boolean }) {
  const { Menu, defaultOpen, prefetch, open } = useDeferredMenu(menu);
  if (!shown) return <span data-testid="signed-out" />;
  if (Menu) return <Menu defaultOpen={defaultOpen} />;
  return (
    <DeferredTrigger data-testid="trigger" aria-label="Menu" prefetch={prefetch} open={open}>
      M
    </DeferredTrigger>
  );
}

afterEach(cleanup);

describe('a menu whose code loads on first use', () => {
  it('shows a closed menu button until pressed, then the menu, open', async () => {
    const { menu, loads } = fakeMenu();
    render(<Slot menu={menu} />);
    const trigger = screen.getByTestId('trigger');
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(loads()).toBe(0);
    fireEvent.pointerDown(trigger, { button: 0 });
    expect((await screen.findByTestId('menu')).textContent).toBe('open');
    expect(screen.queryByTestId('trigger')).toBeNull();
    expect(loads()).toBe(1);
  });

  it('opens only on the press: shown again later (signed out, then in), the menu starts closed', async () => {
    const { menu } = fakeMenu();
    const { rerender } = render(<Slot menu={menu} />);
    fireEvent.pointerDown(screen.getByTestId('trigger'), { button: 0 });
    expect((await screen.findByTestId('menu')).textContent).toBe('open');
    rerender(<Slot menu={menu} shown={false} />);
    await screen.findByTestId('signed-out');
    rerender(<Slot menu={menu} />);
    expect((await screen.findByTestId('menu')).textContent).toBe('closed');
  });

  it('fetches on hover or focus without opening, and opens from the keyboard', async () => {
    const { menu, loads } = fakeMenu();
    render(<Slot menu={menu} />);
    const trigger = screen.getByTestId('trigger');
    fireEvent.focus(trigger);
    fireEvent.pointerEnter(trigger);
    await Promise.resolve();
    expect(loads()).toBe(1);
    expect(screen.queryByTestId('menu')).toBeNull();
    fireEvent.keyDown(trigger, { key: 'Tab' });
    expect(screen.queryByTestId('menu')).toBeNull();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect((await screen.findByTestId('menu')).textContent).toBe('open');
    expect(loads()).toBe(1);
  });

  it('keeps the button when the code cannot be fetched (offline), and tries again on the next press', async () => {
    let fail = true;
    const menu = deferred<{ defaultOpen: boolean }>(async () => {
      if (fail) throw new Error('offline');
      return function Menu() {
        return <div data-testid="menu" />;
      };
    });
    render(<Slot menu={menu} />);
    fireEvent.click(screen.getByTestId('trigger'));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getByTestId('trigger')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByTestId('trigger'));
    expect(await screen.findByTestId('menu')).toBeTruthy();
  });
});
