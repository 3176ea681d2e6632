import { useId } from 'react';
import { cn } from '../../lib/cn';

export interface SelectOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  className?: string;
  disabled?: boolean;
  /** The label beside the select rather than above it (toolbars). */
  inline?: boolean;
}

/** A labelled native select (keyboard and screen-reader friendly on every device). */
export function FilterSelect({ label, value, options, onChange, className, disabled, inline }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={cn(inline ? 'flex items-center gap-2' : 'grid gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium', inline && 'whitespace-nowrap')}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 w-full rounded-md border border-line bg-surface px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-racing disabled:opacity-60"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "All {label}" then one option per slug. */
export function slugOptions(allLabel: string, list: ReadonlyArray<{ slug: string; name: string }> | undefined): SelectOption[] {
  return [{ value: 'all', label: allLabel }, ...(list ?? []).map((item) => ({ value: item.slug, label: item.name }))];
}
