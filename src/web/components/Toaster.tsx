import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '../lib/cn';
import { dismissToast, useToasts } from './toast';

/** Renders the toast store: 5 s each, swipe right (50 px) to dismiss, F8 focuses the area. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          data-testid="toast"
          data-variant={t.variant ?? 'default'}
          className={cn(
            'toast-root relative flex items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            t.variant === 'destructive'
              ? 'border-racing-dark bg-racing text-white'
              : 'border-line bg-surface text-ink',
          )}
        >
          <div className="grid gap-1">
            {t.title && <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>}
            {t.description && (
              <Toast.Description className={cn('text-sm', t.variant === 'destructive' ? 'text-white' : 'text-muted')}>
                {t.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Close"
            className={cn(
              'absolute top-2 right-2 rounded-sm p-1',
              t.variant === 'destructive' ? 'text-white hover:bg-racing-dark' : 'text-muted hover:bg-paper',
            )}
          >
            <X aria-hidden className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
