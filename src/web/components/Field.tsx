import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
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

/**
 * The mark of a required field: a red asterisk after its label, hidden from screen readers (the control's
 * `required` says it to them). A form that uses it explains it once with <RequiredNote />.
 */
export function RequiredMark() {
  return (
    <span className="text-sm font-semibold text-racing" aria-hidden data-required-mark>
      *
    </span>
  );
}

/** The line that explains the asterisk, at the top of a form that marks its required fields. */
export function RequiredNote({ className }: { className?: string }) {
  return (
    <p className={cn('text-sm text-muted', className)}>
      Fields marked <RequiredMark /> are required.
    </p>
  );
}

/**
 * A field's label, with an optional hint after it that is not part of the accessible name; `required` adds the
 * red asterisk.
 */
export function FieldLabel({ htmlFor, label, hint, required }: { htmlFor: string; label: string; hint?: string; required?: boolean }) {
  return (
    <div className="flex items-baseline gap-1">
      <label htmlFor={htmlFor} className="text-sm font-medium">
        {label}
      </label>
      {required && <RequiredMark />}
      {hint && (
        <span className="text-xs text-muted" aria-hidden>
          {hint}
        </span>
      )}
    </div>
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
      <FieldLabel htmlFor={inputId} label={label} hint={hint} required={props.required} />
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

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  /** Shown after the label, e.g. "(optional)"; not part of the accessible name. */
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
      <FieldLabel htmlFor={selectId} label={label} hint={hint} required={props.required} />
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
  /** Shown after the label, e.g. "(optional)"; not part of the accessible name. */
  hint?: string;
  error?: string;
  /** Extra classes for the textarea itself (`className` goes on the wrapper), e.g. a minimum height. */
  inputClassName?: string;
}

/** A labelled textarea with its error underneath. */
export function TextAreaField({ label, hint, error, id, className, inputClassName, ...props }: TextAreaFieldProps) {
  const generated = useId();
  const areaId = id ?? generated;
  const errorId = `${areaId}-error`;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <FieldLabel htmlFor={areaId} label={label} hint={hint} required={props.required} />
      <textarea
        id={areaId}
        className={cn(inputClass, 'h-auto py-2', inputClassName)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
