import type { ReactNode } from 'react';

/** A labelled control of the sell forms, with the contract's refusal under it. */
export function Field({
  label,
  error,
  className = 'text-sm',
  children,
}: {
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      {label}
      {children}
      {error && <span className="mt-1 block text-red-600">{error}</span>}
    </label>
  );
}
