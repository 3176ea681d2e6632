import type { Dispatch, SetStateAction } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/Button';
import { RequiredMark, SelectField, TextField } from '../../components/Field';
import { fitmentMakeOptions, MAX_YEAR, MIN_YEAR, newFitment, type FitmentDraft } from './sellForm';

let nextKey = 0;
const fitmentKey = () => `fitment-${++nextKey}`;

interface FitmentEditorProps {
  entries: FitmentDraft[];
  setEntries: Dispatch<SetStateAction<FitmentDraft[]>>;
  /** Entry key → field → message. */
  errors?: Record<string, Partial<Record<string, string>>>;
  /** The makes list the main form chooses from (GET /api/makes). */
  makes: ReadonlyArray<{ id: string; name: string }>;
  makesLoading?: boolean;
  /** The part's own year range, which a new entry starts with. */
  partYears: { yearStart: string; yearEnd: string };
}

type TextKey = Exclude<keyof FitmentDraft, 'key'>;

/**
 * Vehicle compatibility entries: add, edit, remove. The make comes from the same list as the listing's make; an
 * entry starts with the part's years (or none). Entries without a make or a model are not sent.
 */
export function FitmentEditor({ entries, setEntries, errors = {}, makes, makesLoading, partYears }: FitmentEditorProps) {
  const change = (key: string, field: TextKey, value: string) =>
    setEntries((current) => current.map((e) => (e.key === key ? { ...e, [field]: value } : e)));

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Vehicle Compatibility</legend>
      <p className="text-sm text-muted">
        Add the vehicles this part fits (optional). Each vehicle needs a make and a model (<RequiredMark />); an entry
        without them is left out.
      </p>
      {entries.map((entry, index) => {
        const n = index + 1;
        const err = errors[entry.key] ?? {};
        const field = (name: TextKey) => ({
          id: `fitment-${entry.key}-${name}`,
          value: entry[name],
          error: err[name],
          onChange: (event: { target: { value: string } }) => change(entry.key, name, event.target.value),
        });
        return (
          <div key={entry.key} className="grid gap-3 rounded-md border border-line bg-paper p-4" aria-label={`Vehicle ${n}`} role="group">
            <div className="flex items-center justify-between">
              <p className="text-sm font-semibold">Vehicle {n}</p>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove vehicle ${n}`}
                onClick={() => setEntries((current) => current.filter((e) => e.key !== entry.key))}
              >
                <Trash2 aria-hidden className="size-4" /> Remove
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField label="Make" required disabled={makesLoading} {...field('make')}>
                <option value="">{makesLoading ? 'Loading...' : 'Select a make'}</option>
                {fitmentMakeOptions(makes, entry.make).map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </SelectField>
              <TextField label="Model" required maxLength={100} placeholder="e.g. 911" {...field('model')} />
              <TextField
                label="Year Start"
                hint="(optional)"
                type="number"
                min={MIN_YEAR}
                max={MAX_YEAR}
                inputMode="numeric"
                placeholder={`${MIN_YEAR}-${MAX_YEAR}`}
                {...field('yearStart')}
              />
              <TextField
                label="Year End"
                hint="(optional)"
                type="number"
                min={MIN_YEAR}
                max={MAX_YEAR}
                inputMode="numeric"
                placeholder={`${MIN_YEAR}-${MAX_YEAR}`}
                {...field('yearEnd')}
              />
              <TextField label="Engine" hint="(optional: then it fits only cars with this engine code)" placeholder="e.g. LS3" {...field('engine')} />
              <TextField label="Transmission" hint="(optional)" {...field('transmission')} />
            </div>
            <TextField label="Notes" hint="(optional)" {...field('notes')} />
          </div>
        );
      })}
      <Button
        variant="outline"
        className="justify-self-start"
        onClick={() => setEntries((current) => [...current, newFitment(fitmentKey(), partYears)])}
      >
        <Plus aria-hidden className="size-4" /> Add Vehicle
      </Button>
    </fieldset>
  );
}
