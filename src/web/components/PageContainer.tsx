import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { usePageTitle } from '../lib/pageTitle';

interface PageContainerProps {
  children: ReactNode;
  className?: string;
  narrow?: boolean;
  /** The page's name in the browser tab ("{title} | Pitlane"); none keeps the site's title. */
  title?: string;
}

/** Centred page width with the standard padding; names the page in the browser tab when given a title. */
export function PageContainer({ children, className, narrow, title }: PageContainerProps) {
  usePageTitle(title);
  return <div className={cn('mx-auto w-full px-4 py-8 md:py-12', narrow ? 'max-w-lg' : 'max-w-7xl', className)}>{children}</div>;
}
