import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { Toaster } from '../components/Toaster';
import { queryClient } from '../lib/queryClient';

/** Data cache, tooltips (700 ms delay, 300 ms skip delay) and the toaster. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        {children}
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
