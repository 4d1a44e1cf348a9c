// @vitest-environment jsdom
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useDeferredData } from './use-deferred-data';

/** A store that answers like a query: pending, then data (useSyncExternalStore, as the query library). */
function createStore() {
  let state: { data: string[] | undefined; isPending: boolean } = { data: undefined, isPending: true };
  const listeners = new Set<() => void>();
  return {
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    get: () => state,
    resolve(data: string[]) {
      state = { data, isPending: false };
      for (const l of listeners) l();
    },
  };
}

describe('useDeferredData', () => {
  afterEach(cleanup);

  it('renders the answer in a pass of its own, after a blocking pass that keeps the placeholder', async () => {
    const store = createStore();
    const passes: string[] = [];
    function List() {
      const query = useSyncExternalStore(store.subscribe, store.get);
      const { data, pending } = useDeferredData(query);
      passes.push(pending ? 'placeholder' : `list of ${data?.length ?? 0}`);
      return pending ? (
        <p>Loading</p>
      ) : (
        <ul>
          {data?.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      );
    }
    render(<List />);
    expect(screen.getByText('Loading')).toBeTruthy();
    passes.length = 0;

    await act(async () => store.resolve(['你好', '谢谢']));
    // The store's update is rendered first with the old answer (the placeholder stays, nothing shifts),
    // then the list in the deferred pass, which React may interrupt to answer input.
    expect(passes).toEqual(['placeholder', 'list of 2']);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('is not pending when the query failed without data', () => {
    function Failed() {
      const { pending, data } = useDeferredData<string[]>({ data: undefined, isPending: false });
      return <p>{pending ? 'pending' : data ? 'data' : 'error shown'}</p>;
    }
    render(<Failed />);
    expect(screen.getByText('error shown')).toBeTruthy();
  });
});
