import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/Field';
import { FormActions } from '../../components/FormDialog';
import { parseThreshold, THRESHOLD_MAX, THRESHOLD_MESSAGE, THRESHOLD_MIN } from './garage';

interface ThresholdFieldProps {
  value: string;
  error?: string;
  /** The new text; the caller clears the field's error with it. */
  onChange: (value: string) => void;
  id?: string;
}

/** A market watch's price alert threshold in percent (0.1 to 100), as typed. */
export function ThresholdField({ value, error, onChange, id }: ThresholdFieldProps) {
  return (
    <TextField
      id={id}
      label="Notify me when the price moves by (%)"
      type="number"
      inputMode="decimal"
      min={THRESHOLD_MIN}
      max={THRESHOLD_MAX}
      step="any"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

interface ThresholdFormProps {
  /** The text the field starts from (the form is mounted afresh each time its dialog opens). */
  initial: string;
  /** The field's error: THRESHOLD_MESSAGE from here, or the server's from the caller. */
  error?: string;
  onError: (error: string | undefined) => void;
  /** Called with a threshold already checked against the server's range. */
  onSubmit: (percent: number) => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
}

/** A dialog's form holding only the threshold: checks it, then hands the number to `onSubmit`. */
export function ThresholdForm({ initial, error, onError, onSubmit, submitLabel, pendingLabel, pending, onCancel }: ThresholdFormProps) {
  const [threshold, setThreshold] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const percent = parseThreshold(threshold);
    if (percent === null) return onError(THRESHOLD_MESSAGE);
    onSubmit(percent);
  };
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <ThresholdField
        value={threshold}
        error={error}
        onChange={(value) => {
          setThreshold(value);
          onError(undefined);
        }}
      />
      <FormActions submitLabel={submitLabel} pendingLabel={pendingLabel} pending={pending} busy onCancel={onCancel} />
    </form>
  );
}
