// Dialogs on Radix: focus moves in and is kept inside while the dialog is open, Escape and the close button close it,
// focus returns to what opened it, and the page behind does not scroll. `layout` picks the shape: a centred box, the
// whole screen (the VIN scanner) or a panel from the right (the mobile menu).
import { useRef, type ComponentProps } from 'react';
import { Dialog as Radix } from 'radix-ui';
import { cn } from './class-names';

export const Dialog = Radix.Root;
export const DialogTrigger = Radix.Trigger;
export const DialogClose = Radix.Close;

const LAYOUTS = {
  centered:
    'fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl',
  fullscreen: 'fixed inset-0 z-50 flex flex-col',
  'side-panel': 'fixed inset-y-0 right-0 z-50 flex w-72 flex-col gap-2',
} as const;

export function DialogContent({
  layout = 'centered',
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof Radix.Content> & { layout?: keyof typeof LAYOUTS }) {
  // Focus goes back to whatever had it when the dialog opened. Radix returns it to a DialogTrigger; a dialog the page
  // opens itself (the VIN scanner, shown while the page says so) has none, and focus would fall to the page's start.
  const opener = useRef<Element | null>(null);
  return (
    <Radix.Portal>
      <Radix.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <Radix.Content
        className={cn(LAYOUTS[layout], className)}
        onOpenAutoFocus={(e) => {
          opener.current = document.activeElement;
          onOpenAutoFocus?.(e);
        }}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          const back = opener.current;
          if (e.defaultPrevented || !(back instanceof HTMLElement) || !back.isConnected) return;
          e.preventDefault();
          back.focus();
        }}
        {...props}
      />
    </Radix.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof Radix.Title>) {
  return <Radix.Title className={cn('text-xl font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof Radix.Description>) {
  return <Radix.Description className={cn('mt-1 text-sm text-slate-600', className)} {...props} />;
}
