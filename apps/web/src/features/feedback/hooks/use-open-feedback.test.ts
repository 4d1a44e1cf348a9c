// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { openFeedback } from './use-open-feedback';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('openFeedback', () => {
  it('opens the feedback modal with a type, message and placeholder; general by default', () => {
    const open = vi.fn();
    openFeedback(open, 'bug', 'It froze', 'Describe the bug');
    expect(open).toHaveBeenCalledWith('feedback', {
      type: 'bug',
      message: 'It froze',
      placeholder: 'Describe the bug',
    });
    openFeedback(open);
    expect(open).toHaveBeenLastCalledWith('feedback', { type: 'general', message: '', placeholder: '' });
  });

  it('alerts the spec text when there is no modal system', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    openFeedback(null, 'praise');
    expect(alert).toHaveBeenCalledWith('Feedback modal not available. Please try refreshing the page.');
  });
});
