import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  intro: string;
  children: ReactNode;
  footer: ReactNode;
  aside?: ReactNode;
}

export function AuthCard({ title, intro, children, footer, aside }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md space-y-6 px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{intro}</p>
        <div className="mt-6">{children}</div>
        <p className="mt-6 text-center text-sm text-slate-700">{footer}</p>
      </div>
      {aside}
    </div>
  );
}
