import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useToasts } from '../components/toast';
import { queryClient } from '../lib/queryClient';

// The toaster's code loads with the first toast: most first visits show none.
const Toaster = lazy(async () => ({ default: (await import('../components/Toaster')).Toaster }));

/** Data cache and the toaster (tooltips have their providers where they are used: TooltipProvider). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}

/** The toaster, once there is a toast to show. */
function Toasts() {
  const any = useToasts().length > 0;
  return any ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
