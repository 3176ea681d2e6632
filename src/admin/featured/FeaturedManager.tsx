import { useState } from 'react';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, FormControl, InputLabel, LinearProgress, MenuItem, Select, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Confirm, Title, useCreatePath, useDelete, useGetList, useNotify } from 'react-admin';
import { useNavigate } from 'react-router';
import type { FeaturedListingDto, FeaturedPlacementType } from '../../modules/featured/featured-listing.dto';
import { ctrText, errorText, FEATURED_TEXTS, LISTING_TYPE_LABELS, SLOTS, slotSummaries, type SlotSummary } from './featuredAdmin';
import { FeaturedListingTable } from './FeaturedListingTable';
import { useCategories } from '../useCategories';

const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * Featured Manager (spec 001 §2, version 2): the home page's 12 slots (3 x 4) and a category's 8, each with its
 * current and next placement or "Available Slot N"; a click books or edits, Remove asks first.
 */
export function FeaturedManager() {
  const categories = useCategories();
  const [categoryId, setCategoryId] = useState<string>('');
  const chosen = categoryId || categories.data?.[0]?.id || '';
  return (
    <Box sx={{ p: 2 }}>
      <Title title="Featured Manager" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Featured Manager
      </Typography>
      <PageGrid placementType="homepage" categoryId={null} title="Home page (12 slots)" />
      <Stack direction="row" spacing={2} sx={{ mt: 4, mb: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Category page (8 slots)
        </Typography>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="featured-category-label">Category</InputLabel>
          <Select labelId="featured-category-label" label="Category" value={chosen} onChange={(e) => setCategoryId(String(e.target.value))}>
            {(categories.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      {chosen ? <PageGrid placementType="category" categoryId={chosen} /> : <LinearProgress aria-label="Loading categories" />}
      <Typography variant="h6" component="h2" sx={{ mt: 4 }}>
        All placements
      </Typography>
      <FeaturedListingTable />
    </Box>
  );
}

function PageGrid({ placementType, categoryId, title }: { placementType: FeaturedPlacementType; categoryId: string | null; title?: string }) {
  const { data, isPending, error } = useGetList<FeaturedListingDto>('featured-listings', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'startDate', order: 'ASC' },
    filter: { placementType, ...(categoryId ? { categoryId } : {}), status: ['active', 'upcoming'] },
  });
  const slots = slotSummaries(data ?? [], SLOTS[placementType]);
  return (
    <Box component="section" aria-label={title ?? 'Category slots'} data-testid={`featured-grid-${placementType}`}>
      {title && (
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      {isPending && <LinearProgress aria-label="Loading placements" />}
      {error ? <Alert severity="error">The placements could not be loaded: {error instanceof Error ? error.message : 'unknown error'}</Alert> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        {slots.map((slot) => (
          <SlotCard key={slot.position} slot={slot} placementType={placementType} categoryId={categoryId} />
        ))}
      </Box>
    </Box>
  );
}

function SlotCard({ slot, placementType, categoryId }: { slot: SlotSummary; placementType: FeaturedPlacementType; categoryId: string | null }) {
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const book = () => {
    const params = new URLSearchParams({ placementType, position: String(slot.position), ...(categoryId ? { categoryId } : {}) });
    navigate(`${createPath({ resource: 'featured-listings', type: 'create' })}?${params}`);
  };
  const edit = (p: FeaturedListingDto) => navigate(createPath({ resource: 'featured-listings', type: 'edit', id: p.id }));
  const shown = slot.current ?? slot.next;
  return (
    <Card variant="outlined" data-testid={`featured-slot-${slot.position}`}>
      {shown ? (
        <>
          <CardActionArea onClick={() => edit(shown)} aria-label={`Edit the placement at position ${slot.position}`}>
            <PlacementFacts placement={shown} position={slot.position} upcoming={!slot.current} />
          </CardActionArea>
          {slot.current && slot.next && (
            <CardActionArea onClick={() => edit(slot.next!)} sx={{ borderTop: 1, borderColor: 'divider', px: 2, py: 1 }}>
              <Typography variant="caption" color="text.secondary">
                Next: {slot.next.listingTitle ?? 'Unknown listing'} from {dateText(slot.next.startDate)}
              </Typography>
            </CardActionArea>
          )}
          <Stack direction="row" spacing={1} sx={{ px: 2, pb: 1 }}>
            <RemoveButton placement={shown} />
            <Button size="small" startIcon={<AddIcon />} onClick={book}>
              Book later run
            </Button>
          </Stack>
        </>
      ) : (
        <CardActionArea onClick={book} sx={{ minHeight: 120 }}>
          <CardContent>
            <Typography color="text.secondary">Available Slot {slot.position}</Typography>
            <Typography variant="caption" color="text.secondary">
              Click to book
            </Typography>
          </CardContent>
        </CardActionArea>
      )}
    </Card>
  );
}

function PlacementFacts({ placement: p, position, upcoming }: { placement: FeaturedListingDto; position: number; upcoming: boolean }) {
  return (
    <CardContent>
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
        <Typography variant="overline">Position {position}</Typography>
        <Chip size="small" label={upcoming ? 'upcoming' : 'active'} color={upcoming ? 'default' : 'success'} />
        <Chip size="small" variant="outlined" label={LISTING_TYPE_LABELS[p.listingType]} />
        {!p.listingLive && <Chip size="small" color="error" label={FEATURED_TEXTS.notLive} />}
      </Stack>
      <Typography sx={{ fontWeight: 600 }}>{p.listingTitle ?? 'Unknown listing'}</Typography>
      <Typography variant="body2" color="text.secondary">
        {dateText(p.startDate)} – {dateText(p.endDate)} · ${p.price}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {p.impressions.toLocaleString('en-US')} impressions · {p.clicks.toLocaleString('en-US')} clicks · CTR {ctrText(p.impressions, p.clicks)}
      </Typography>
    </CardContent>
  );
}

/** Remove, after 'Are you sure you want to remove this featured listing?'. */
export function RemoveButton({ placement }: { placement: FeaturedListingDto }) {
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const [remove, { isPending }] = useDelete();
  const confirm = () =>
    remove(
      'featured-listings',
      { id: placement.id, previousData: placement },
      {
        onSuccess: () => notify(FEATURED_TEXTS.removed, { type: 'success', messageArgs: { _: FEATURED_TEXTS.removed } }),
        onError: (error) => {
          const text = errorText(error, FEATURED_TEXTS.removeFailed);
          notify(text, { type: 'error', messageArgs: { _: text } });
        },
        onSettled: () => setOpen(false),
      },
    );
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} disabled={isPending}>
        Remove
      </Button>
      <Confirm isOpen={open} loading={isPending} title="Remove featured listing" content={FEATURED_TEXTS.confirmRemove} onConfirm={confirm} onClose={() => setOpen(false)} />
    </>
  );
}
