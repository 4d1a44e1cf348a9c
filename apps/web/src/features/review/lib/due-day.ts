/** Which local day the next card falls on, seen from `now`: the review's empty state words itself by it. */
export type DueDay = 'today' | 'tomorrow' | 'later';

const dayNumber = (d: Date) =>
  Math.floor(new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() / 86_400_000);

export function dueDay(next: Date, now: Date): DueDay {
  const days = dayNumber(next) - dayNumber(now);
  if (days <= 0) return 'today';
  return days === 1 ? 'tomorrow' : 'later';
}
