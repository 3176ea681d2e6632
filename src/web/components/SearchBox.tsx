import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import { cn } from '../lib/cn';
import { searchHref } from '../lib/navigation';

interface SearchBoxProps {
  className?: string;
  /** Dark boxes sit on the graphite header. */
  tone?: 'dark' | 'light';
  placeholder?: string;
  onSearched?: () => void;
  /** The search landmark's name, for a page that has a second search box beside the header's (axe: landmark-unique). */
  landmarkLabel?: string;
}

/** Free-text part search: goes to /search?q= on submit; blank text is ignored. */
export function SearchBox({ className, tone = 'light', placeholder = 'Search parts...', onSearched, landmarkLabel }: SearchBoxProps) {
  const [text, setText] = useState('');
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const href = searchHref(text);
    if (!href) return;
    navigate(href);
    onSearched?.();
  }

  return (
    <form role="search" aria-label={landmarkLabel} onSubmit={submit} className={cn('relative', className)}>
      <input
        type="search"
        aria-label="Search parts"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        className={cn(
          'h-10 w-full rounded-md border pr-10 pl-3 text-sm',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-racing',
          tone === 'dark'
            ? 'border-white/20 bg-graphite-2 text-white placeholder:text-white/70'
            : 'border-line bg-surface text-ink placeholder:text-muted',
        )}
      />
      <button
        type="submit"
        aria-label="Search"
        className={cn(
          'absolute top-1 right-1 grid size-8 place-items-center rounded-sm',
          tone === 'dark' ? 'text-white/80 hover:text-white' : 'text-muted hover:text-ink',
        )}
      >
        <Search aria-hidden className="size-4" />
      </button>
    </form>
  );
}
