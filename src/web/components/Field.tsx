import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export const inputClass = cn(
  'h-10 w-full rounded-md border border-line bg-surface px-3 text-sm text-ink placeholder:text-muted',
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-racing',
  'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-racing',
);

export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm font-medium text-racing">
      {children}
    </p>
  );
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown after the label, e.g. "(optional)"; not part of the accessible name. */
  hint?: string;
  error?: string;
}

/** A labelled input with its error message underneath. */
export function TextField({ label, hint, error, id, className, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-baseline gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          {label}
        </label>
        {hint && (
          <span className="text-xs text-muted" aria-hidden>
            {hint}
          </span>
        )}
      </div>
      <input
        id={inputId}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  children: ReactNode;
  error?: string;
}

/** A native checkbox with its label text (which may hold links) and error. */
export function CheckboxField({ children, error, id, className, ...props }: CheckboxFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={cn('grid gap-1', className)}>
      <div className="flex items-start gap-2">
        <input
          id={inputId}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-racing"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...props}
        />
        <label htmlFor={inputId} className="text-sm leading-5">
          {children}
        </label>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
