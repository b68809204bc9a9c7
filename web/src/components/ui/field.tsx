// A form control with its label and the contract's refusal under it. `error` takes react-hook-form's field error (or a
// message); the control is marked invalid and described by the message, so a screen reader reads both.
import { useId, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { cn } from './class-names';

const CONTROL =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 disabled:bg-slate-50 aria-[invalid=true]:border-red-400';

export function Field({
  label,
  error,
  hint,
  addon,
  className,
  errorTestId,
  children,
}: {
  label: ReactNode;
  error?: { message?: string } | string;
  hint?: ReactNode;
  /** Drawn beside the control, such as a Scan button. */
  addon?: ReactNode;
  className?: string;
  /** The test id of the refusal's line, where tests look for it. */
  errorTestId?: string;
  /** One control (Input, Select, Textarea or a native one); it gets the id the label points at. */
  children: ReactElement;
}) {
  const id = useId();
  const message = typeof error === 'string' ? error : error?.message;
  const described = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={cn('text-sm', className)}>
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <Slot.Root id={id} aria-invalid={message ? true : undefined} aria-describedby={described || undefined}>
          {children}
        </Slot.Root>
        {addon}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-slate-500">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="mt-1 text-red-600" data-testid={errorTestId}>
          {message}
        </p>
      )}
    </div>
  );
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(CONTROL, className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(CONTROL, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(CONTROL, className)} {...props} />;
}
