import { Box, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { conditionText, listedText, photosInOrder, priceText, reviewStatusOf } from './listingFormat';
import type { PartDto } from '../../modules/catalog/part.dto';
import { ReviewButtons } from './ReviewButtons';

const STATUS_CHIP = {
  pending: { label: 'Pending review', color: 'warning' },
  approved: { label: 'Approved', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
  withdrawn: { label: 'Withdrawn', color: 'default' },
} as const;

/** A listing as the review screen shows it: the facts an admin judges, the photos, and the decisions. */
export function ListingReviewCard({ record }: { record: PartDto }) {
  const status = STATUS_CHIP[reviewStatusOf(record)];
  const photos = photosInOrder(record.images ?? []);
  return (
    <Card variant="outlined" component="article" aria-label={record.title}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="h6" component="h2">
              {record.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {record.categoryName ?? record.category} · {record.makeName ?? record.make}
              {record.model ? ` ${record.model}` : ''} · {record.location}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {listedText(record.createdAt)}
              {record.sellerName ? ` by ${record.sellerName}` : ''}
            </Typography>
          </Box>
          <Box sx={{ textAlign: { sm: 'right' } }}>
            <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {priceText(record.price)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ justifyContent: { sm: 'flex-end' }, mt: 0.5 }}>
              <Chip size="small" variant="outlined" label={conditionText(record.condition)} />
              <Chip size="small" color={status.color} label={status.label} />
            </Stack>
          </Box>
        </Stack>
        <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
          {record.description}
        </Typography>
        {record.rejectionReason && (
          <Typography variant="body2" color="error" sx={{ mt: 1 }}>
            Rejection reason: {record.rejectionReason}
          </Typography>
        )}
        {photos.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, overflowX: 'auto' }} component="ul" aria-label="Photos" style={{ listStyle: 'none', padding: 0 }}>
            {photos.map((photo) => (
              <li key={photo.url}>
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.thumbnailUrl ?? photo.url}
                    alt={photo.altText}
                    loading="lazy"
                    style={{ width: 160, height: 120, objectFit: 'cover', borderRadius: 4, display: 'block' }}
                  />
                </a>
              </li>
            ))}
          </Stack>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <ReviewButtons record={record} />
      </CardActions>
    </Card>
  );
}
