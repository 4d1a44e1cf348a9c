import { useEffect, useId, useState } from 'react';

const DEBOUNCE_MS = 250;

/** The value once it has stopped changing for `ms` (a search runs when typing pauses). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A search field that reports its text once typing pauses (or on Enter); follows `value` when it changes elsewhere. */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  hint,
  maxLength,
  testId,
}: {
  value: string;
  maxLength?: number;
  onSearch: (text: string) => void;
  label: string;
  placeholder: string;
  hint?: string;
  testId?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const settled = useDebounced(text, DEBOUNCE_MS);

  // The address changed (back button, a link): show its text, unless it is what is being typed.
  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);
  useEffect(() => {
    if (settled.trim() !== value) onSearch(settled);
    // Only a settled change of the text searches; `value` catching up must not search again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text);
        }}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={testId}
        className="h-11 w-full rounded-lg border border-line bg-surface-raised px-3 text-base placeholder:text-ink-muted focus-visible:outline-2 focus-visible:outline-brand"
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
