import { LoaderCircle } from 'lucide-react';

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-700">
      <LoaderCircle
        aria-hidden="true"
        className="size-6 animate-spin text-indigo-600 motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}
