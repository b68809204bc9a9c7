// The one button of the app. Its variants are the styles the pages used to copy by hand; `asChild` lends the look to a
// link (`<Button asChild><Link to="/">…</Link></Button>`). A button is type="button" unless it says it submits.
import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cn } from './class-names';

const VARIANTS = {
  /** The page's main action. */
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  /** A form's action where brand blue would compete with the page's main one. */
  dark: 'bg-slate-900 text-white hover:bg-slate-800',
  /** Buy It Now: the one purchase action, apart from the bid buttons. */
  accent: 'bg-amber-400 text-slate-900 hover:bg-amber-300',
  success: 'bg-status-ok text-white hover:bg-status-ok-hover',
  danger: 'bg-red-600 text-white hover:bg-red-700',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  'outline-brand': 'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50',
  'outline-danger': 'border border-red-300 bg-white text-red-700 hover:bg-red-50',
  /** On a dark background (the header, the scanner). */
  'outline-light': 'border border-white/40 text-white hover:bg-white/10',
  ghost: 'text-slate-700 hover:bg-slate-100',
  link: 'text-brand-600 underline-offset-2 hover:underline',
  'link-muted': 'text-sm font-normal text-slate-600 underline hover:text-slate-900',
  'link-danger': 'text-sm font-normal text-red-600 underline hover:text-red-800',
  /** No look of its own: the caller draws it (a thumbnail, a floating bubble); focus and disabled still apply. */
  bare: '',
} as const;

const SIZES = {
  xs: 'rounded px-2 py-0.5 text-xs',
  sm: 'rounded-lg px-3 py-1.5 text-sm',
  md: 'rounded-lg px-4 py-2',
  lg: 'rounded-lg px-6 py-3',
  icon: 'rounded-full p-2',
  /** A small round toggle or action beside a post (Like, Follow). */
  pill: 'rounded-full px-3 py-1 text-sm',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

const UNSIZED: ButtonVariant[] = ['link', 'link-muted', 'link-danger', 'bare'];

export function buttonClass({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(
    variant !== 'bare' &&
      'inline-flex items-center justify-center gap-2 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50',
    VARIANTS[variant],
    !UNSIZED.includes(variant) && SIZES[size],
    className,
  );
}

export function Button({
  variant,
  size,
  asChild = false,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize; asChild?: boolean }) {
  const classes = buttonClass({ variant, size, className });
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type} className={classes} {...props} />;
}
