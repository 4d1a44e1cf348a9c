import type { ReactNode } from 'react';

/** Layout of a text page. */
export function Article({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {intro ? <p className="mt-4 text-lg text-ink-muted">{intro}</p> : null}
      <div className="mt-8 space-y-8">{children}</div>
    </article>
  );
}

/** A titled section of a text page. */
export function Section({ heading, body }: { heading: string; body: string }) {
  return (
    <section>
      <h2 className="text-xl font-semibold">{heading}</h2>
      <p className="mt-2 whitespace-pre-line leading-relaxed text-ink-muted">{body}</p>
    </section>
  );
}

/** Reads a translated `[{heading, body}]` list. */
export function sections(raw: unknown): { heading: string; body: string }[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((s: unknown) => {
    const o = typeof s === 'object' && s !== null ? s : {};
    return {
      heading: 'heading' in o ? String(o.heading) : '',
      body: 'body' in o ? String(o.body) : '',
    };
  });
}
