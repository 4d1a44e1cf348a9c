// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { TestListItem, Viewer } from '@kouyu/core';
import { i18n } from '@/lib/i18n';
import { TestCard } from './test-card';
import type { TestCardProps } from './test-card';

const test = (over: Partial<TestListItem> = {}): TestListItem => ({
  id: 101,
  test_id: 101,
  test_name: 'Basic Practice Test 1',
  description: 'Family life',
  level_id: 1,
  test_type: 'practice',
  difficulty: 'easy',
  time_limit: 20,
  is_official: false,
  is_try: true,
  available_parts: [1, 2, 3],
  is_fake: false,
  lock: null,
  ...over,
});
const guest: Viewer = { signedIn: false, official: false };
const member: Viewer = { signedIn: true, official: false };

function renderCard(over: Partial<TestCardProps> = {}) {
  const props: TestCardProps = {
    test: test(),
    position: 1,
    viewer: member,
    selected: false,
    mode: null,
    onSelect: vi.fn(),
    onMode: vi.fn(),
    onStart: vi.fn(),
    onLocked: vi.fn(),
    ...over,
  };
  render(<TestCard {...props} />);
  return props;
}

afterEach(() => cleanup());

describe('test card', () => {
  it('enables start only once a mode is chosen', async () => {
    await i18n.changeLanguage('en');
    renderCard({ selected: true, mode: null });
    expect(screen.getByTestId('test-card').getAttribute('data-state')).toBe('selected');
    expect(screen.getByTestId('test-start').hasAttribute('disabled')).toBe(true);
    cleanup();
    const props = renderCard({ selected: true, mode: { full: false, part: 2 } });
    expect(screen.getByTestId('test-card').getAttribute('data-state')).toBe('mode-selected');
    fireEvent.click(screen.getByTestId('test-start'));
    expect(props.onStart).toHaveBeenCalledOnce();
  });

  it('tells a guest which modes need an account', async () => {
    await i18n.changeLanguage('en');
    renderCard({ viewer: guest });
    expect(screen.getByTestId('mode-part-1').hasAttribute('disabled')).toBe(false);
    for (const id of ['mode-full-test', 'mode-part-2', 'mode-part-3']) {
      const button = screen.getByTestId(id);
      expect(button.hasAttribute('disabled')).toBe(true);
      const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(hint?.textContent).toBe('Login required');
    }
  });

  it('names the missing part of an incomplete test', async () => {
    await i18n.changeLanguage('en');
    renderCard({ test: test({ available_parts: [1, 3] }) });
    const full = screen.getByTestId('mode-full-test');
    expect(full.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(full.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Test incomplete: Missing Part 2',
    );
    const part2 = screen.getByTestId('mode-part-2');
    expect(document.getElementById(part2.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Part 2 has no questions available',
    );
  });

  it('sends a locked card to its lock instead of selecting it', async () => {
    await i18n.changeLanguage('ru');
    const props = renderCard({ test: test({ id: 104, is_official: true, lock: 'official_required' }) });
    const card = screen.getByTestId('test-card');
    expect(within(card).getByTestId('test-card-lock').textContent).toBe('Нужна подписка Plus');
    // Its modes still show (spec 001 §2), disabled with the reason; start leads to the lock too.
    expect(within(card).getByTestId('mode-full-test').hasAttribute('disabled')).toBe(true);
    expect(within(card).getByTestId('mode-part-1').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(card).getByTestId('test-card-select'));
    expect(props.onLocked).toHaveBeenCalledWith('official_required');
    fireEvent.click(within(card).getByTestId('test-start'));
    expect(props.onLocked).toHaveBeenCalledTimes(2);
    expect(props.onSelect).not.toHaveBeenCalled();
  });

  it('names a placeholder after its place in the list', async () => {
    await i18n.changeLanguage('zh');
    renderCard({
      test: test({ id: 10107, is_fake: true, test_name: '', lock: 'login_required' }),
      position: 7,
      viewer: guest,
    });
    expect(screen.getByRole('heading').textContent).toBe('试题 7');
  });
});
