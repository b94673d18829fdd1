import type { ReactNode } from 'react';

interface LandingSectionProps {
  id?: string;
  /** The id of the section's heading, which names the section for assistive technology. */
  headingId: string;
  heading: ReactNode;
  intro?: ReactNode;
  tinted?: boolean;
  children: ReactNode;
}

export function LandingSection({
  id,
  headingId,
  heading,
  intro,
  tinted = false,
  children,
}: LandingSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      // The sticky header would otherwise cover the heading an anchor link scrolls to.
      className={`scroll-mt-16 py-16 sm:py-20 ${tinted ? 'bg-white' : ''}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance text-slate-900">
            {heading}
          </h2>
          {intro !== undefined && <p className="mt-4 text-lg text-pretty text-slate-700">{intro}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
