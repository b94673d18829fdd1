const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-700',
  secondary: 'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
} as const;

const sizes = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'px-5 py-3 text-base',
} as const;

export interface ButtonLook {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

/** Shared by <button>s and by links that look like buttons. */
export function buttonClassName({ variant = 'primary', size = 'md' }: ButtonLook = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
