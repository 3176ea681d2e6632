import type { Dispatch, SetStateAction } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { MAX_PART_NUMBERS, newPartNumberDraft, PART_NUMBER_KIND_OPTIONS, type PartNumberDraft } from './partNumbersForm';
import type { PartNumberKind } from '../../../modules/catalog/part.dto';

interface PartNumbersEditorProps {
  entries: PartNumberDraft[];
  setEntries: Dispatch<SetStateAction<PartNumberDraft[]>>;
  /** Row key → message. */
  errors?: Record<string, string>;
  /** A message about the whole list (too many numbers). */
  listError?: string;
}

/**
 * The listing's other numbers (issue 35): OEM, casting, superseded or aftermarket numbers, each searchable. Rows
 * with a blank number are not sent.
 */
export function PartNumbersEditor({ entries, setEntries, errors = {}, listError }: PartNumbersEditorProps) {
  const change = (key: string, patch: Partial<PartNumberDraft>) => setEntries((current) => current.map((e) => (e.key === key ? { ...e, ...patch } : e)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Other Part Numbers</legend>
      <p className="text-sm text-muted">
        Add the part&apos;s other numbers (optional): the maker&apos;s, the casting number, a number it supersedes or an aftermarket
        equivalent. Buyers find the part by any of them.
      </p>
      {listError && (
        <p role="alert" className="text-sm text-racing">
          {listError}
        </p>
      )}
      {entries.map((entry, index) => {
        const n = index + 1;
        return (
          <div key={entry.key} className="grid items-end gap-3 sm:grid-cols-[1fr_12rem_auto]" role="group" aria-label={`Part number ${n}`}>
            <TextField
              id={`part-number-${entry.key}-number`}
              label={`Number ${n}`}
              maxLength={100}
              placeholder="e.g. 3932441"
              value={entry.number}
              error={errors[entry.key]}
              onChange={(event) => change(entry.key, { number: event.target.value })}
            />
            <SelectField
              id={`part-number-${entry.key}-kind`}
              label="Kind"
              value={entry.kind}
              onChange={(event) => change(entry.key, { kind: event.target.value as PartNumberKind })}
            >
              {PART_NUMBER_KIND_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </SelectField>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove part number ${n}`}
              onClick={() => setEntries((current) => current.filter((e) => e.key !== entry.key))}
            >
              <Trash2 aria-hidden className="size-4" /> Remove
            </Button>
          </div>
        );
      })}
      {entries.length < MAX_PART_NUMBERS && (
        <Button variant="outline" className="justify-self-start" onClick={() => setEntries((current) => [...current, newPartNumberDraft()])}>
          <Plus aria-hidden className="size-4" /> Add Part Number
        </Button>
      )}
    </fieldset>
  );
}
