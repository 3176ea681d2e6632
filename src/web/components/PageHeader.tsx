import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

interface PageHeaderProps {
  title: ReactNode;
  /** One sentence under the title. */
  intro?: ReactNode;
  /** A link back up, shown above the title ("← Seller Dashboard"). */
  back?: { to: string; label: string };
  /** The page's main action(s), at the right on wide screens. */
  actions?: ReactNode;
}

/** A page's header: optional back link, the h1, a sentence, and the page's actions. */
export function PageHeader({ title, intro, back, actions }: PageHeaderProps) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid gap-1">
        {back && (
          <Link to={back.to} className="inline-flex items-center gap-1 text-sm text-muted hover:text-racing">
            <ArrowLeft aria-hidden className="size-4" /> {back.label}
          </Link>
        )}
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
        {intro && <p className="text-sm text-muted">{intro}</p>}
      </div>
      {actions}
    </header>
  );
}
