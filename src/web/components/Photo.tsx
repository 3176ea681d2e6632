import { ImageOff } from 'lucide-react';
import { useState, type ImgHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

interface PhotoProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError' | 'children'> {
  /** The photo's address; none shows the placeholder. */
  src: string | null | undefined;
  /** Read by screen readers in place of a missing or broken photo; empty where the photo is decorative. */
  missingLabel?: string;
  iconClassName?: string;
}

/**
 * A listing photo filling its box (4:3 boxes are the caller's). When there is no photo, or it cannot be loaded
 * (a removed upload, an outside address that went away), the "no photo" placeholder takes its place instead of
 * the browser's broken-image icon and alt text.
 */
export function Photo({ src, alt, missingLabel = 'No photo', iconClassName = 'size-8', className, ...img }: PhotoProps) {
  // The address that failed, so that a gallery switching to another photo tries that one.
  const [failed, setFailed] = useState<string>();
  if (!src || failed === src) {
    return (
      <div className="grid size-full place-items-center text-muted">
        <ImageOff aria-hidden className={iconClassName} />
        {missingLabel && <span className="sr-only">{missingLabel}</span>}
      </div>
    );
  }
  return <img {...img} src={src} alt={alt} onError={() => setFailed(src)} className={cn('size-full object-cover', className)} />;
}
