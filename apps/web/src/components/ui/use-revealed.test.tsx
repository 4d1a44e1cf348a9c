// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useRevealed } from './use-revealed';

function List({ items }: { items: readonly number[] }) {
  const shown = useRevealed(items, 10, 5);
  return (
    <ul>
      {items.slice(0, shown).map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('useRevealed', () => {
  afterEach(cleanup);

  it('renders the first rows with the list and the rest over the following tasks', async () => {
    const first = range(0, 23);
    const { rerender } = render(<List items={first} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(23));

    // Another page of results starts again from the first screen.
    rerender(<List items={range(100, 12)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getAllByRole('listitem')[0]?.textContent).toBe('100');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(12));
  });

  it('renders a short list whole at once', () => {
    render(<List items={range(0, 4)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});
