import { cn } from '../../lib/cn';
import { CHIP_CLASS, orderStateLabel, orderStateTone } from './orderFormat';

/** An order's state as a coloured chip with its label (the colour is never the only signal). */
export function OrderStateChip({ state, className }: { state: string; className?: string }) {
  return (
    <span
      data-testid="order-state"
      className={cn('inline-block rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', CHIP_CLASS[orderStateTone(state)], className)}
    >
      {orderStateLabel(state)}
    </span>
  );
}
