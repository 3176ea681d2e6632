import { LayoutGrid, Table2 } from 'lucide-react';
import { cn } from '../../lib/cn';

export type ViewMode = 'grid' | 'table';

/** Grid for browsing, table for comparing. */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  const item = (mode: ViewMode, label: string, Icon: typeof LayoutGrid) => (
    <button
      type="button"
      aria-pressed={value === mode}
      onClick={() => onChange(mode)}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 px-3 text-sm font-medium',
        value === mode ? 'bg-graphite text-white' : 'bg-surface text-ink hover:bg-paper',
      )}
    >
      <Icon aria-hidden className="size-4" /> {label}
    </button>
  );
  return (
    <div role="group" aria-label="View" className="inline-flex overflow-hidden rounded-md border border-line">
      {item('grid', 'Grid', LayoutGrid)}
      {item('table', 'Table', Table2)}
    </div>
  );
}
