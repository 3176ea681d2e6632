import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Button } from './Button';
import { dialogOverlayClass, dialogPanelClass } from './FormDialog';

interface ConfirmDialogProps {
  /** The button that asks (its accessible name should say what it acts on). */
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  /** The button that closes without acting. */
  cancelLabel?: string;
  onConfirm: () => void;
}

/** A Radix alert dialog asking to confirm an action: title, description, then Cancel and the confirm button. */
export function ConfirmDialog({ trigger, title, description, confirmLabel, cancelLabel = 'Cancel', onConfirm }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClass} />
        <AlertDialog.Content className={dialogPanelClass('md')}>
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted">{description}</AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button onClick={onConfirm}>{confirmLabel}</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
