import type { ReactNode } from 'react';
import { Tooltip } from 'radix-ui';

/**
 * Spec 000 §9's tooltip timing: open after 700 ms, and at once when moving to another tooltip within 300 ms. Each
 * part of the page with tooltips has its own (not one at the root), so a first page without tooltips does not
 * download Radix's tooltip and positioning code.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </Tooltip.Provider>
  );
}
