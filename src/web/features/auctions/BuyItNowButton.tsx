import { Zap } from 'lucide-react';
import { Button } from '../../components/Button';
import { formatUsdCents } from '../../lib/format';

/** "Buy It Now $price"; "Purchasing..." and disabled while the purchase runs. */
export function BuyItNowButton({ price, pending, onBuy }: { price: string | null | undefined; pending: boolean; onBuy: () => void }) {
  return (
    <Button variant="secondary" size="lg" className="mt-3 w-full" onClick={onBuy} disabled={pending}>
      <Zap aria-hidden className="size-5" />
      {pending ? 'Purchasing...' : `Buy It Now ${formatUsdCents(price ?? 0)}`}
    </Button>
  );
}
