import { useId, type ReactNode } from 'react';
import { Tooltip } from 'radix-ui';
import { Button, type ButtonVariant } from '../../components/Button';
import { TooltipProvider } from '../../components/TooltipProvider';

/** A disabled action whose feature ships later, explained by a tooltip that keyboard users can reach too. */
export function ComingSoonButton({ children, hint, variant }: { children: ReactNode; hint: string; variant?: ButtonVariant }) {
  const hintId = useId();
  return (
    <TooltipProvider>
      <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <span tabIndex={0} className="inline-flex w-full rounded-md sm:w-auto">
          <Button variant={variant} size="lg" disabled aria-describedby={hintId} className="w-full">
            {children}
          </Button>
        </span>
      </Tooltip.Trigger>
      <span id={hintId} className="sr-only">
        {hint}
      </span>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={6} className="z-50 rounded-md bg-graphite px-3 py-1.5 text-sm text-white shadow-md">
          {hint}
          <Tooltip.Arrow className="fill-graphite" />
        </Tooltip.Content>
      </Tooltip.Portal>
      </Tooltip.Root>
    </TooltipProvider>
  );
}
