import { Box, Stack, Typography } from '@mui/material';
import type { FitEvidenceDto } from '../../modules/returns/return.dto';

/**
 * The evidence of a "doesn't fit" return accepted on the seller's word (issue 35): the buyer's question about their
 * vehicle, its photos (a casting number, a VIN plate) and the seller's "yes", each with its time.
 */
export function FitEvidence({ evidence }: { evidence: FitEvidenceDto }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'grey.100', maxWidth: 900 }}>
      <Typography variant="caption">
        Buyer asked about their {evidence.vehicle} · {new Date(evidence.askedAt).toLocaleString()}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mb: 1 }}>
        {evidence.question}
      </Typography>
      {evidence.photos.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mb: 1 }}>
          {evidence.photos.map((p, i) => (
            <a key={p.url} href={p.url} target="_blank" rel="noopener noreferrer">
              <img src={p.url} alt={`Fitment question photo ${i + 1}`} style={{ width: 160, height: 120, objectFit: 'cover', borderRadius: 4 }} />
            </a>
          ))}
        </Stack>
      )}
      <Typography variant="caption">Seller answered: yes, it fits · {new Date(evidence.answeredAt).toLocaleString()}</Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {evidence.answer}
      </Typography>
    </Box>
  );
}
