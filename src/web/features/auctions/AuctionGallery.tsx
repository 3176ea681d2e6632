import { useState } from 'react';
import { Photo } from '../../components/Photo';
import { cn } from '../../lib/cn';
import type { AuctionDto } from '../../../modules/auctions/auction.dto';
import { auctionPhotos } from './auctionRules';

/** The large photo (4:3) and, with more than one, a row of thumbnails that pick it. */
export function AuctionGallery({ auction }: { auction: AuctionDto }) {
  const photos = auctionPhotos(auction);
  const [index, setIndex] = useState(0);
  const current = photos[Math.min(index, photos.length - 1)];
  if (!current) {
    return (
      <div className="aspect-[4/3] rounded-lg border border-line bg-black/5">
        <Photo src={null} missingLabel="No photos" iconClassName="size-10" />
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="aspect-[4/3] overflow-hidden rounded-lg border border-line bg-black/5">
        <Photo src={current.url} alt={current.alt} iconClassName="size-10" />
      </div>
      {photos.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto" aria-label="Photos">
          {photos.map((photo, i) => (
            <li key={`${photo.url}-${i}`}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index}
                className={cn(
                  'block size-20 overflow-hidden rounded-md border-2',
                  i === index ? 'border-racing' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <Photo src={photo.thumb} alt="" loading="lazy" missingLabel="" iconClassName="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
