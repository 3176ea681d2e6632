import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { cn } from '../lib/cn';
import { Button } from './Button';

export type DialogSize = 'md' | 'lg';

/** The classes of a centred dialog panel: nearly full width on a phone, scrolling when taller than the screen. */
export function dialogPanelClass(size: DialogSize = 'md'): string {
  return cn(
    'fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-surface p-6 shadow-xl',
    size === 'lg' ? 'max-w-lg' : 'max-w-md',
  );
}

export const dialogOverlayClass = 'fixed inset-0 z-50 bg-black/50';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** The element that opens it (rendered as the trigger); none when opened from elsewhere. */
  trigger?: ReactNode;
  /** md (28 rem) or lg (32 rem) wide at most. */
  size?: DialogSize;
  /** A "Close" (X) button beside the title. */
  closeButton?: boolean;
}

/** A Radix dialog frame: overlay, centred panel, title and description, then the body (usually a form ending in FormActions). */
export function FormDialog({ open, onOpenChange, title, description, children, trigger, size = 'md', closeButton = false }: FormDialogProps) {
  const heading = <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogPanelClass(size)}>
          {closeButton ? (
            <div className="flex items-start justify-between gap-4">
              {heading}
              <Dialog.Close aria-label="Close" className="-m-2 grid size-10 shrink-0 place-items-center rounded-md hover:bg-paper">
                <X aria-hidden className="size-5" />
              </Dialog.Close>
            </div>
          ) : (
            heading
          )}
          <Dialog.Description className={cn('text-sm text-muted', closeButton && '-mt-2')}>{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface FormActionsProps {
  /** The submit button's text, and its text while the request runs. */
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Disables the submit button besides while pending (e.g. while the form's data loads). */
  disabled?: boolean;
  /** Sets aria-busy on the submit button while pending. */
  busy?: boolean;
  /** What Cancel does; without it, Cancel closes the enclosing Radix dialog. */
  onCancel?: () => void;
  cancelLabel?: string;
}

/** A form's footer: Cancel, then the submit button (its label telling when the request runs). */
export function FormActions({ submitLabel, pendingLabel, pending, disabled = false, busy = false, onCancel, cancelLabel = 'Cancel' }: FormActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {onCancel ? (
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
      ) : (
        <Dialog.Close asChild>
          <Button variant="outline">{cancelLabel}</Button>
        </Dialog.Close>
      )}
      <Button type="submit" disabled={pending || disabled} aria-busy={busy ? pending : undefined}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
