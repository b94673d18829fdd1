import type { ReactNode } from 'react';

interface ContentPageProps {
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  /** A line under the introduction, such as the date of the last revision. */
  note?: string;
  children: ReactNode;
}

/** The frame of a public text page: a heading, an introduction and the page's own sections. */
export function ContentPage({ title, eyebrow, intro, note, children }: ContentPageProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div>
        {eyebrow && <p className="text-sm font-semibold text-indigo-700">{eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {title}
        </h1>
        {intro && <div className="mt-4 text-lg text-pretty text-slate-700">{intro}</div>}
        {note && <p className="mt-2 text-sm text-slate-600">{note}</p>}
      </div>
      <div className="mt-10 space-y-10">{children}</div>
    </article>
  );
}

export function ContentSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 text-slate-700">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
