// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Syllabus } from '@kouyu/core';
import '@/lib/i18n';
import { LevelNav } from './level-nav';

function links(syllabus: Syllabus) {
  const router = createMemoryRouter(
    [{ path: '/:lang/hsk/:level', element: <LevelNav syllabus={syllabus} /> }],
    {
      initialEntries: ['/ru/hsk/2'],
    },
  );
  render(<RouterProvider router={router} />);
  return screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
}

afterEach(cleanup);

describe('HSK level pages by syllabus', () => {
  it('lists 1-6 on HSK 2.0', () => {
    expect(links('hsk2')).toEqual([1, 2, 3, 4, 5, 6].map((n) => [`HSK ${n}`, `/ru/hsk/${n}`]));
  });

  it('adds the 7-9 band on HSK 3.0', () => {
    const all = links('hsk3');
    expect(all).toHaveLength(7);
    expect(all.at(-1)).toEqual(['HSK 7-9', '/ru/hsk/7-9']);
  });
});
