import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BadgeCheck, Calendar, Car, ChevronRight, Info, MapPin } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { Card, CardContent, CardHeader } from '../../components/Card';
import { PageContainer } from '../../components/PageContainer';
import { Photo } from '../../components/Photo';
import { Skeleton } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { formatUsd } from '../../lib/format';
import { crossCompatibilityHints } from './compatibility';
import { evidenceSentences, lineSource } from './fitmentEvidence';
import { conditionLabel, listingNotice, makeModel, primaryImage, yearsLabel } from './partFormat';
import { offersFixedPrice, PartSaleStatus } from './PartSaleStatus';
import { SellerInfoCard } from './SellerInfoCard';
import { WatchButton } from './WatchButton';
import { FitmentQuestionsCard } from '../garage/FitmentQuestionsCard';
import { PartFitmentCard } from '../garage/PartFitmentCard';
import { RecentSalesCard } from '../garage/RecentSalesCard';
import { TrackPriceButton } from '../garage/TrackPriceButton';
import { ContactSellerDialog } from '../messaging/ContactSellerDialog';
import { BuyNowButton } from '../payments/BuyNowButton';
import { MakeOfferDialog } from '../offers/MakeOfferDialog';
import { partContactTarget } from '../messaging/contactSeller';
import type { FitmentDto, PartDto, PartImageDto } from '../../../modules/catalog/part.dto';
import { useListingView } from '../analytics/useListingActivity';

/** Spec 000 §9: the main photo plus up to 4 more. */
const GALLERY_SIZE = 5;

/** /parts/{id}: photos, price, fitment, details and the seller. */
export function PartDetailPage() {
  const { id = '' } = useParams();
  const { data: part, isPending, isError } = useQuery<PartDto>({ queryKey: [`/api/parts/${encodeURIComponent(id)}`] });
  useListingView('part', part?.id);

  if (isPending) return <PartDetailSkeleton />;
  if (isError || !part) return <PartNotFound />;

  const years = yearsLabel(part.yearStart, part.yearEnd);
  const vehicle = makeModel(part);
  // A sold listing is inactive too: its page says "Sold", not "withdrawn".
  const notice = part.isSold ? null : listingNotice(part);

  return (
    <PageContainer title={part.title}>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-racing hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <Link to="/search" className="hover:text-racing hover:underline">
              Parts
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li aria-current="page" className="line-clamp-1 text-ink">
            {part.title}
          </li>
        </ol>
      </nav>
      <Link to="/search" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-racing hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to Search
      </Link>
      {notice && (
        <p role="status" className="mb-6 flex items-start gap-2 rounded-md border border-line bg-surface p-3 text-sm shadow-sm">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-racing" />
          {notice}
        </p>
      )}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Gallery images={part.images} title={part.title} />

        <div className="grid content-start gap-5">
          <div className="flex flex-wrap gap-2">
            <span className="rounded-sm border border-line bg-surface px-2 py-0.5 text-sm font-medium">
              {conditionLabel(part.condition)}
            </span>
            {part.isVerified && (
              <span className="inline-flex items-center gap-1 rounded-sm bg-success/10 px-2 py-0.5 text-sm font-medium text-success">
                <BadgeCheck aria-hidden className="size-4" /> Verified Seller
              </span>
            )}
          </div>
          <h1 className="text-3xl font-bold tracking-tight text-balance">{part.title}</h1>
          {part.partNumber && (
            <p className="text-sm text-muted">
              Part number <span className="font-mono text-ink">{part.partNumber}</span>
            </p>
          )}
          {part.partNumbers.length > 0 && (
            <p className="text-sm text-muted">
              Also{' '}
              {part.partNumbers.map((n, i) => (
                <span key={n.number}>
                  {i > 0 && ', '}
                  {n.kind} <span className="font-mono text-ink">{n.number}</span>
                </span>
              ))}
            </p>
          )}
          <ul className="grid gap-1.5 text-sm">
            {vehicle && (
              <li className="flex items-center gap-2">
                <Car aria-hidden className="size-4 text-muted" /> {vehicle}
              </li>
            )}
            {years && (
              <li className="flex items-center gap-2">
                <Calendar aria-hidden className="size-4 text-muted" /> {years}
              </li>
            )}
            {part.location && (
              <li className="flex items-center gap-2">
                <MapPin aria-hidden className="size-4 text-muted" /> {part.location}
              </li>
            )}
          </ul>
          <p className={cn('tabular text-4xl font-extrabold', part.isSold && 'text-muted line-through')}>{formatUsd(part.price)}</p>
          <PartSaleStatus part={part} />
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {offersFixedPrice(part) && part.isActive && <BuyNowButton partId={part.id} sellerId={part.sellerId} />}
            {!part.isSold && (
              <ContactSellerDialog target={partContactTarget(part)} />
            )}
            {offersFixedPrice(part) && (
              <MakeOfferDialog part={part} />
            )}
            <WatchButton partId={part.id} />
            {!part.isSold && <TrackPriceButton watchType="part" itemId={part.id} itemTitle={part.title} />}
          </div>
          <PartFitmentCard partId={part.id} />
          <CompatibilityCard part={part} />
        </div>
      </div>

      <div className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <PartDetailsCard part={part} />
          <FitmentQuestionsCard partId={part.id} sellerId={part.sellerId} />
          <RecentSalesCard partNumber={part.partNumber} />
          <Card>
            <CardHeader>
              <h2 className="text-lg font-bold">Description</h2>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-line">{part.description}</p>
            </CardContent>
          </Card>
        </div>
        <div className="self-start">
          <SellerInfoCard sellerId={part.sellerId} sellerName={part.sellerName} />
        </div>
      </div>
    </PageContainer>
  );
}

function Gallery({ images, title }: { images: PartImageDto[]; title: string }) {
  const photos = orderedPhotos(images).slice(0, GALLERY_SIZE);
  const [selected, setSelected] = useState(0);
  const current = photos[selected] ?? photos[0];
  if (!current) {
    return (
      <div className="aspect-[4/3] rounded-lg border border-line bg-paper">
        <Photo src={null} missingLabel="No photos" iconClassName="size-10" />
      </div>
    );
  }
  return (
    <div className="grid content-start gap-3">
      <div className="aspect-[4/3] overflow-hidden rounded-lg border border-line bg-paper">
        <Photo src={current.url} alt={current.altText || title} iconClassName="size-10" />
      </div>
      {photos.length > 1 && (
        <ul className="grid grid-cols-5 gap-2" aria-label="Photos">
          {photos.map((photo, index) => (
            <li key={`${photo.url}-${index}`}>
              <button
                type="button"
                aria-label={`Show photo ${index + 1}: ${photo.altText || title}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={cn(
                  'block aspect-[4/3] w-full overflow-hidden rounded-md border-2',
                  index === selected ? 'border-racing' : 'border-transparent hover:border-line',
                )}
              >
                <Photo src={photo.thumbnailUrl || photo.url} alt="" loading="lazy" missingLabel="" iconClassName="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The primary photo first, then the others in their order. */
function orderedPhotos(images: PartImageDto[]): PartImageDto[] {
  const primary = primaryImage(images);
  return primary ? [primary, ...images.filter((i) => i !== primary)] : [];
}

function fitmentText(f: FitmentDto): string {
  return [f.make, f.model, yearsLabel(f.yearStart, f.yearEnd)].filter(Boolean).join(' ');
}

/** "Listed for Ford Mustang, 1965-1968." or "No specific vehicles listed." */
function listedFor(part: PartDto): string {
  const vehicle = [makeModel(part), yearsLabel(part.yearStart, part.yearEnd)].filter(Boolean).join(', ');
  return vehicle ? `Listed for ${vehicle}.` : 'No specific vehicles listed.';
}

function CompatibilityCard({ part }: { part: PartDto }) {
  const fitments = part.vehicleCompatibility;
  const hints = crossCompatibilityHints(part);
  const evidence = part.fitmentEvidence ?? [];
  const said = evidenceSentences(evidence);
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="text-lg font-bold">Vehicle Compatibility</h2>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {fitments.length ? (
          <ul className="grid gap-2">
            {fitments.map((f) => (
              <li key={f.id} className="rounded-md border border-line p-3">
                <p className="font-medium">{fitmentText(f)}</p>
                {(f.engine || f.transmission) && (
                  <p className="text-muted">{[f.engine, f.transmission].filter(Boolean).join(' · ')}</p>
                )}
                {f.notes && <p className="text-muted">{f.notes}</p>}
                <p className="text-xs text-muted" data-testid="fitment-source">
                  {lineSource(f, evidence)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">
            {listedFor(part)} Check the part number against your vehicle before buying.
          </p>
        )}
        {said.length > 0 && (
          <div className="grid gap-1" data-testid="fitment-evidence">
            <h3 className="font-medium">What buyers said</h3>
            <ul className="grid gap-1">
              {said.map((sentence) => (
                <li key={sentence} className="rounded-md bg-paper p-2">
                  {sentence}
                </li>
              ))}
            </ul>
          </div>
        )}
        {hints.length > 0 && (
          <ul className="grid gap-1">
            {hints.map((hint) => (
              <li key={hint} className="flex gap-2 rounded-md bg-paper p-2">
                <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-racing" /> {hint}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PartDetailsCard({ part }: { part: PartDto }) {
  const rows: Array<[string, ReactNode]> = [
    ['Part Number', part.partNumber ? <span className="font-mono">{part.partNumber}</span> : '—'],
    ['Condition', conditionLabel(part.condition)],
    ['Category', part.categoryName || part.category],
    ['Make', part.makeName || part.make],
    ['Model', part.model || '—'],
    ['Years', yearsLabel(part.yearStart, part.yearEnd) || '—'],
  ];
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-bold">Part Details</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function PartNotFound() {
  return (
    <PageContainer narrow title="Part Not Found">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Part Not Found</h1>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-muted">The part you're looking for doesn't exist or has been removed.</p>
          <ButtonLink to="/search" variant="outline" className="justify-self-start">
            <ChevronRight aria-hidden className="size-4 rotate-180" /> Browse Parts
          </ButtonLink>
        </CardContent>
      </Card>
    </PageContainer>
  );
}

function PartDetailSkeleton() {
  return (
    <PageContainer>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" aria-busy="true" aria-label="Loading part">
        <Skeleton className="aspect-[4/3]" />
        <div className="grid content-start gap-4">
          <Skeleton className="h-6 w-32" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-12 w-40" />
          <Skeleton className="h-12 w-full" />
        </div>
      </div>
    </PageContainer>
  );
}
