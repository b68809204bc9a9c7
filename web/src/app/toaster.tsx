import { Toast } from 'radix-ui';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from '@app/shared';
import { useToasts } from '../lib/toast';
import { Button } from '../components/ui';

/** Radix Toast carries the spec's behaviour: 5000 ms, swipe right past 50 px to dismiss, F8 focuses the region. */
export function Toaster() {
  const { current, open, dismiss } = useToasts();
  const destructive = current?.variant === 'destructive';
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {current && (
        <Toast.Root
          key={current.id}
          open={open}
          onOpenChange={(o) => !o && dismiss()}
          onEscapeKeyDown={(e) => {
            // A toast is the newest layer, so Escape would close it and not the dialog the person is in (an invalid bid
            // in the bid dialog took two Escapes). With a dialog open, one Escape closes both: the toast goes, and the
            // key is handed on to the dialog once the toast's layer has left.
            if (!document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]'))
              return;
            e.preventDefault();
            dismiss();
            requestAnimationFrame(() =>
              document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })),
            );
          }}
          duration={current.durationMs ?? TOAST_DURATION_MS}
          className={`pointer-events-auto grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-lg border p-4 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-none ${
            destructive ? 'border-red-300 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900'
          }`}
          data-testid="toast"
        >
          <Toast.Title className="font-semibold">{current.title}</Toast.Title>
          <Toast.Close aria-label="Close" className="row-span-2 text-lg leading-none opacity-70 hover:opacity-100">
            ×
          </Toast.Close>
          {current.description && (
            <Toast.Description className="mt-1 text-sm opacity-90">{current.description}</Toast.Description>
          )}
          {current.action && (
            <Toast.Action altText={current.action.label} asChild>
              <Button onClick={current.action.onClick} variant="outline" size="sm" className="mt-2">
                {current.action.label}
              </Button>
            </Toast.Action>
          )}
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
