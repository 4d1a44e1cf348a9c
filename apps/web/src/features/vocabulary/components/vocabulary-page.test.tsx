// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paginate } from '@kouyu/core';
import type { VocabWord } from '@kouyu/core';
import '@/lib/i18n';
import en from '@/locales/en/vocabulary.json';
import { VocabularyPage } from './vocabulary-page';

const word = (over: Partial<VocabWord>): VocabWord => ({
  id: 1,
  level: 3,
  position: 0,
  simplified: '银行',
  traditional: '銀行',
  pinyin: 'yín háng',
  pinyin_num: 'yin2 hang2',
  meaning: 'bank',
  en: 'bank',
  ru: 'банк',
  measure_words: [{ simplified: '家', pinyin: 'jiā' }],
  pos: null,
  ...over,
});

let requests: URL[] = [];
function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kouyu.test');
      requests.push(url);
      if (url.pathname.endsWith('/vocabulary/levels'))
        return json({
          success: true,
          data: [150, 150, 300, 600, 1300, 2500].map((count, i) => ({ level: i + 1, count })),
          total: 5000,
        });
      const search = url.searchParams.get('search');
      const words = search
        ? [word({})]
        : [word({ id: 2, simplified: '爱好', traditional: '愛好', pinyin: 'ài hào', meaning: 'hobby' })];
      return json({ success: true, data: words, pagination: paginate(1, 50, words.length) });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(path: string) {
  // A guest who chose HSK 2.0 on this device: the lists as they have always been.
  localStorage.setItem('kouyu.syllabus', 'hsk2');
  const router = createMemoryRouter(
    [
      { path: '/:lang/vocabulary/:level', element: <VocabularyPage /> },
      { path: '/:lang/vocab', element: <VocabularyPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('vocabulary page', () => {
  it('lists a level with word counts on the tabs and the help text', async () => {
    setup('/en/vocabulary/3');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('HSK 3 vocabulary');
    await screen.findByText('爱好');
    const tab = screen.getByTestId('vocabulary-level-3');
    expect(tab.getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(tab.textContent).toContain('Words: 300'));
    // The help's totals add up the tabs' new words (150 + 150 + 300): spec 000's 150, 300 and 600.
    const help = () => screen.getByTestId('vocabulary-help').textContent ?? '';
    for (const [level, total, added] of [
      [1, 150, 150],
      [2, 300, 150],
      [3, 600, 300],
    ])
      await waitFor(() =>
        expect(help()).toContain(
          en.help.itemCounts
            .replace('{{level}}', String(level))
            .replace('{{count}}', String(total))
            .replace('{{added}}', String(added)),
        ),
      );
    expect(requests.find((u) => u.pathname.endsWith('/vocabulary'))?.searchParams.get('level')).toBe('3');
  });

  it('searches once typing pauses and keeps the search in the address', async () => {
    const router = setup('/en/vocabulary/3');
    await screen.findByText('爱好');
    fireEvent.change(screen.getByLabelText('Search HSK 3'), { target: { value: 'yin hang' } });
    const row = await screen.findByText('银行');
    const cells = within(row.closest('tr') ?? document.body);
    expect(cells.getByText('yín háng')).toBeTruthy();
    expect(cells.getByText('bank')).toBeTruthy();
    expect(cells.getByRole('button', { name: 'Listen to 银行' })).toBeTruthy();
    const searches = requests.filter((u) => u.searchParams.get('search'));
    // Debounced: one request for the whole text, not one per keystroke.
    expect(searches.map((u) => u.searchParams.get('search'))).toEqual(['yin hang']);
    expect(searches[0]?.searchParams.get('level')).toBe('3');
    expect(router.state.location.search).toBe('?q=yin+hang');
  });

  it('on /vocab waits for a search, then searches every level', async () => {
    setup('/en/vocab');
    expect(screen.getByText(en.chooseLevel)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.search.labelAll), { target: { value: '银行' } });
    await screen.findByText('银行');
    const search = requests.find((u) => u.searchParams.get('search'));
    expect(search?.searchParams.get('level')).toBeNull();
    // Results of every level say which level a word belongs to.
    expect(within(screen.getByTestId('vocabulary-results')).getByText('HSK 3')).toBeTruthy();
  });
});
