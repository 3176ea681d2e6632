import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** Centred page width with the standard padding. */
export function PageContainer({ children, className, narrow }: { children: ReactNode; className?: string; narrow?: boolean }) {
  return <div className={cn('mx-auto w-full px-4 py-8 md:py-12', narrow ? 'max-w-lg' : 'max-w-7xl', className)}>{children}</div>;
}
