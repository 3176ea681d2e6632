import { useEffect, useRef, useState, type ChangeEvent, type Dispatch, type DragEvent, type SetStateAction } from 'react';
import { ImagePlus, Star, Trash2 } from 'lucide-react';
import { Button } from '../../components/Button';
import { FieldError, inputClass, RequiredMark } from '../../components/Field';
import { toast } from '../../components/toast';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/api';
import { uploadPhoto } from './sell.api';
import {
  acceptPhotoFiles,
  addPhotos,
  makePrimary,
  MAX_PHOTOS,
  removePhoto,
  updatePhoto,
  type PhotoItem,
} from './sellForm';

let nextKey = 0;
const photoKey = () => `photo-${++nextKey}`;

interface PhotoUploaderProps {
  photos: PhotoItem[];
  setPhotos: Dispatch<SetStateAction<PhotoItem[]>>;
  /** Photo key → message from the server. */
  errors?: Record<string, string>;
  disabled?: boolean;
  /** Where the photos go (POST); the listing upload by default. A buyer's photos use their feature's route. */
  uploadPath?: string;
}

/**
 * Listing photos: drag and drop or a file picker, JPEG/PNG up to 5 MB, at most five. Each file is
 * uploaded at once (POST /api/uploads) with its progress shown; the seller writes alt text for each
 * and picks the primary photo.
 */
export function PhotoUploader({ photos, setPhotos, errors = {}, disabled, uploadPath }: PhotoUploaderProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const uploads = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Map<string, string>());

  useEffect(() => {
    const running = uploads.current;
    const urls = objectUrls.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  function forgetPreview(key: string) {
    const url = objectUrls.current.get(key);
    if (url) URL.revokeObjectURL(url);
    objectUrls.current.delete(key);
  }

  function start(files: File[]) {
    const accepted = acceptPhotoFiles(files, photos.length);
    if (!accepted.length) return;
    const items: PhotoItem[] = accepted.map((file) => {
      const key = photoKey();
      const previewUrl = URL.createObjectURL(file);
      objectUrls.current.set(key, previewUrl);
      return { key, url: '', previewUrl, altText: '', isPrimary: false, status: 'uploading', progress: 0 };
    });
    setPhotos((current) => addPhotos(current, items));
    items.forEach((item, index) => {
      const controller = new AbortController();
      uploads.current.set(item.key, controller);
      uploadPhoto(
        accepted[index]!,
        (progress) => setPhotos((current) => updatePhoto(current, item.key, { progress })),
        controller.signal,
        uploadPath,
      )
        .then((stored) => {
          setPhotos((current) =>
            updatePhoto(current, item.key, {
              url: stored.url,
              thumbnailUrl: stored.thumbnailUrl,
              status: 'uploaded',
              progress: 100,
            }),
          );
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setPhotos((current) => removePhoto(current, item.key));
          forgetPreview(item.key);
          toast({ title: 'Upload Failed', description: errorMessage(error), variant: 'destructive' });
        })
        .finally(() => uploads.current.delete(item.key));
    });
  }

  function remove(key: string) {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    forgetPreview(key);
    setPhotos((current) => removePhoto(current, key));
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    start(Array.from(event.target.files ?? []));
    event.target.value = '';
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    start(Array.from(event.dataTransfer.files));
  }

  const full = photos.length >= MAX_PHOTOS;

  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">
        Photos <RequiredMark />
      </legend>
      <p className="text-sm text-muted">
        At least one photo. Each photo needs alt text: a short description for buyers who use a screen reader.
      </p>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!full) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'grid place-items-center gap-2 rounded-md border-2 border-dashed border-line bg-paper p-6 text-center',
          dragging && 'border-racing bg-racing/5',
        )}
      >
        <ImagePlus aria-hidden className="size-8 text-muted" />
        <p className="text-sm text-muted">
          {full
            ? `You have added the maximum of ${MAX_PHOTOS} photos.`
            : `Drag photos here or choose them. JPEG or PNG, up to 5 MB each, at most ${MAX_PHOTOS}.`}
        </p>
        <input
          ref={inputRef}
          id="sell-photos"
          type="file"
          accept="image/jpeg,image/png"
          multiple
          className="sr-only"
          aria-label="Upload photos"
          onChange={onPick}
          disabled={disabled || full}
        />
        <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()} disabled={disabled || full}>
          Choose Photos
        </Button>
      </div>
      {photos.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Selected photos">
          {photos.map((photo, index) => (
            <PhotoRow
              key={photo.key}
              photo={photo}
              number={index + 1}
              error={errors[photo.key]}
              onAltText={(altText) => setPhotos((current) => updatePhoto(current, photo.key, { altText }))}
              onPrimary={() => setPhotos((current) => makePrimary(current, photo.key))}
              onRemove={() => remove(photo.key)}
            />
          ))}
        </ul>
      )}
    </fieldset>
  );
}

interface PhotoRowProps {
  photo: PhotoItem;
  number: number;
  error?: string;
  onAltText: (value: string) => void;
  onPrimary: () => void;
  onRemove: () => void;
}

function PhotoRow({ photo, number, error, onAltText, onPrimary, onRemove }: PhotoRowProps) {
  const inputId = `sell-photo-alt-${photo.key}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  // Until the seller writes it, a line under the field says the alt text is required (not only after a toast).
  const showHint = !error && !photo.altText.trim();
  const describedBy = [error ? errorId : '', showHint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const src = photo.thumbnailUrl ?? photo.previewUrl ?? photo.url;
  return (
    <li className="grid gap-2 rounded-md border border-line bg-surface p-3">
      <div className="relative aspect-[4/3] overflow-hidden rounded bg-paper">
        {src && <img src={src} alt={photo.altText || `Photo ${number}`} className="size-full object-cover" />}
        {photo.isPrimary && (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded bg-racing px-2 py-0.5 text-xs font-medium text-white">
            <Star aria-hidden className="size-3" /> Primary
          </span>
        )}
        {photo.status === 'uploading' && (
          <div className="absolute inset-x-0 bottom-0 bg-black/60 p-2 text-xs text-white" role="status">
            Uploading... {photo.progress}%
            <progress className="mt-1 block h-1.5 w-full accent-racing" max={100} value={photo.progress} aria-label={`Upload of photo ${number}`} />
          </div>
        )}
      </div>
      <div className="grid gap-1">
        <div className="flex items-baseline gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            Alt text for photo {number}
          </label>
          <RequiredMark />
        </div>
        <input
          id={inputId}
          className={inputClass}
          value={photo.altText}
          placeholder="e.g. Clutch disc, pressure plate and bearing laid out"
          maxLength={300}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onAltText(event.target.value)}
        />
        <FieldError id={errorId}>{error}</FieldError>
        {showHint && (
          <p id={hintId} className="text-xs text-muted">
            Required: what the photo shows.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {!photo.isPrimary && (
          <Button variant="outline" size="sm" onClick={onPrimary} aria-label={`Make photo ${number} primary`}>
            <Star aria-hidden className="size-4" /> Make Primary
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove photo ${number}`}>
          <Trash2 aria-hidden className="size-4" /> Remove
        </Button>
      </div>
    </li>
  );
}
