import { useEffect, useState } from 'react';
import type { ButtonHTMLAttributes, ComponentType, KeyboardEvent, PointerEvent } from 'react';
import { loadAllTexts } from '@/lib/i18n';

/**
 * A component whose code is fetched once, the first time it is wanted (the header and feedback menus:
 * the dropdown library is not needed to paint a page, decision 017).
 */
export interface Deferred<P> {
  get(): ComponentType<P> | null;
  load(): Promise<ComponentType<P>>;
}

export function deferred<P>(load: () => Promise<ComponentType<P>>): Deferred<P> {
  let value: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return {
    get: () => value,
    load() {
      // With every text of the language, as pages and modals: the first load carries only the shell's.
      pending ??= Promise.all([load(), loadAllTexts()]).then(
        ([component]) => (value = component),
        (error: unknown) => {
          // A failed fetch (offline) is tried again on the next press.
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}

/**
 * The menu once it has been opened, else null: until then the caller renders `DeferredTrigger`, a plain
 * button that looks like the menu's trigger. Hovering or focusing it fetches the code; pressing it (mouse,
 * touch, Enter, Space, arrow down) opens the menu as soon as the code is there.
 */
export function useDeferredMenu<P>(menu: Deferred<P>) {
  const [wanted, setWanted] = useState(false);
  const [Menu, setMenu] = useState<ComponentType<P> | null>(null);
  // Open only when the menu first appears because it was pressed: a menu rendered again later (the
  // avatar after signing out and in) starts closed, as any menu does.
  const [defaultOpen, setDefaultOpen] = useState(false);
  useEffect(() => {
    if (Menu && defaultOpen) setDefaultOpen(false);
  }, [Menu, defaultOpen]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    menu.load().then(
      (component) => {
        if (!live) return;
        setMenu(() => component);
        setDefaultOpen(true);
      },
      () => {
        if (live) setWanted(false);
      },
    );
    return () => {
      live = false;
    };
  }, [menu, wanted]);
  return {
    Menu,
    /** Pass to the menu's root: true on the render where it first appears after a press. */
    defaultOpen,
    prefetch: () => void menu.load().catch(() => undefined),
    open: () => setWanted(true),
  };
}

type TriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  prefetch: () => void;
  open: () => void;
  'data-testid'?: string;
};

/** The menu's trigger before its code has loaded: same look, same role, opens the menu when pressed. */
export function DeferredTrigger({ prefetch, open, children, ...rest }: TriggerProps) {
  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button === 0 && !e.ctrlKey) open();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
      e.preventDefault();
      open();
    }
  };
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...rest}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onClick={open}
    >
      {children}
    </button>
  );
}
