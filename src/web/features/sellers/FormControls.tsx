import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { FieldError, inputClass } from '../../components/Field';
import { cn } from '../../lib/cn';

function Label({ htmlFor, label, hint }: { htmlFor: string; label: string; hint?: string }) {
  return (
    <div className="flex items-baseline gap-1">
      <label htmlFor={htmlFor} className="text-sm font-medium">
        {label}
      </label>
      {hint && (
        <span className="text-xs text-muted" aria-hidden>
          {hint}
        </span>
      )}
    </div>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}

/** A labelled native select with its error underneath. */
export function SelectField({ label, hint, error, id, className, children, ...props }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={selectId} label={label} hint={hint} />
      <select
        id={selectId}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      >
        {children}
      </select>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: string;
  error?: string;
}

/** A labelled textarea with its error underneath. */
export function TextAreaField({ label, hint, error, id, className, ...props }: TextAreaFieldProps) {
  const generated = useId();
  const areaId = id ?? generated;
  const errorId = `${areaId}-error`;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={areaId} label={label} hint={hint} />
      <textarea
        id={areaId}
        rows={4}
        className={cn(inputClass, 'h-auto py-2')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
