import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormDialog } from '../../components/FormDialog';

interface GarageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
  /** The element that opens it (rendered as the trigger); none when opened from elsewhere. */
  trigger?: ReactNode;
}

/** The garage's dialog frame: a centred panel with a Close button, full width on a phone, scrolling when tall. */
export function GarageDialog(props: GarageDialogProps) {
  return <FormDialog {...props} size="lg" closeButton />;
}

interface ConfirmProps {
  /** The button that asks (its accessible name should say what it removes). */
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** A confirmation before something is removed. */
export function ConfirmRemove(props: ConfirmProps) {
  return <ConfirmDialog {...props} />;
}
