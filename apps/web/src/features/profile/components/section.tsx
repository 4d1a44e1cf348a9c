import type { ReactNode } from 'react';

/** A titled card of the profile page. */
export function Section({
  title,
  intro,
  children,
  testId,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = `profile-${testId ?? title}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="rounded-2xl border border-line bg-surface-raised p-5 shadow-sm"
    >
      <h2 id={headingId} className="mb-1 text-lg font-semibold">
        {title}
      </h2>
      {intro ? <p className="mb-4 text-sm text-ink-muted">{intro}</p> : <div className="mb-3" />}
      {children}
    </section>
  );
}

/** A label and its value in a definition list. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-line py-2 last:border-0">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
