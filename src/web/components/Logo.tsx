import { Link } from 'react-router';

/** The Pitlane wordmark, linking home. */
export function Logo() {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-sm text-white" aria-label="Pitlane home">
      <svg aria-hidden viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="6" fill="#C8102E" />
        <path d="M9 24V8h8a5 5 0 0 1 0 10h-4v6z" fill="#fff" />
        <path d="M13 12v2h4a1 1 0 0 0 0-2z" fill="#C8102E" />
      </svg>
      <span className="text-lg font-bold tracking-tight">
        Pit<span className="text-[#ff5a6e]">lane</span>
      </span>
    </Link>
  );
}
