import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/Card';
import { FieldError, TextAreaField, TextField } from '../../components/Field';
import { toast } from '../../components/toast';
import { describeError } from '../../lib/api';
import { useFormState } from '../../lib/form';
import { uploadImage, useUpdateStorefront } from './sellers.api';
import type { StorefrontDto } from '../../../modules/sellers/seller.dto';
import {
  imageProblem,
  storefrontFormOf,
  toStorefrontUpdate,
  validateStorefrontForm,
  type StorefrontForm,
  type StorefrontFormErrors,
} from './storefrontForm';

/** The owner's storefront settings: name, logo, banner, description, policies. */
export function EditStorefrontForm({ storefront }: { storefront: StorefrontDto }) {
  const { form, errors, setErrors, set, text } = useFormState<StorefrontForm>(
    () => storefrontFormOf(storefront),
    'storefront',
  );
  const update = useUpdateStorefront(storefront.id);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const found = validateStorefrontForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(toStorefrontUpdate(form), {
      onSuccess: () => toast({ title: 'Storefront Updated', description: 'Your storefront changes are live.' }),
      onError: (error) => {
        const details = describeError(error);
        setErrors(details.fieldErrors as StorefrontFormErrors);
        toast({ title: 'Update Failed', description: details.message, variant: 'destructive' });
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Edit Storefront</h2>
        <CardDescription>
          What buyers see on{' '}
          <Link to={`/storefront/${storefront.slug}`} className="inline-flex items-center gap-1 text-racing hover:underline">
            your storefront <ExternalLink aria-hidden className="size-3.5" />
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label="Edit storefront" className="grid gap-4">
          <TextField label="Display Name" {...text('displayName')} />
          <div className="grid gap-4 md:grid-cols-2">
            <ImageField label="Logo" field="logo" value={form.logo} error={errors.logo} onChange={(v) => set('logo', v)} />
            <ImageField
              label="Banner Image"
              field="bannerImage"
              value={form.bannerImage}
              error={errors.bannerImage}
              onChange={(v) => set('bannerImage', v)}
            />
          </div>
          <TextAreaField label="Description" hint="(optional)" rows={4} {...text('description')} />
          <TextAreaField
            label="Store Policies"
            hint="(optional)"
            rows={4}
            placeholder="Shipping, returns, payment terms..."
            {...text('policies')}
          />
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Storefront'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

interface ImageFieldProps {
  label: string;
  field: string;
  value: string;
  error?: string;
  onChange: (url: string) => void;
}

/** An image uploaded through POST /api/uploads, with a preview and a Remove button. */
function ImageField({ label, field, value, error, onChange }: ImageFieldProps) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `storefront-${field}-file`;
  const errorId = `${inputId}-error`;
  const shown = problem ?? error;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const found = imageProblem(file);
    setProblem(found);
    if (found) return;
    setUploading(true);
    try {
      const uploaded = await uploadImage(file);
      onChange(uploaded.url);
    } catch (failure) {
      setProblem(describeError(failure, 'The image could not be uploaded').message);
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="grid gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      {value ? (
        <img src={value} alt={`Current ${label.toLowerCase()}`} className="h-24 w-full rounded-md border border-line object-cover" />
      ) : (
        <div className="grid h-24 place-items-center rounded-md border border-dashed border-line text-xs text-muted">
          No {label.toLowerCase()}
        </div>
      )}
      <div className="flex items-center gap-2">
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png"
          disabled={uploading}
          onChange={(e) => void choose(e)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
          className="min-w-0 flex-1 text-sm file:mr-2 file:rounded-md file:border file:border-line file:bg-surface file:px-2 file:py-1"
        />
        {value && (
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange('')} disabled={uploading}>
            Remove
          </Button>
        )}
      </div>
      {uploading && (
        <p role="status" className="text-xs text-muted">
          Uploading...
        </p>
      )}
      <FieldError id={errorId}>{shown}</FieldError>
    </div>
  );
}
