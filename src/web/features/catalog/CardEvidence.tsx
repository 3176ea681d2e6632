import { ShieldCheck } from 'lucide-react';
import { evidenceSentences } from './fitmentEvidence';
import { cardEvidenceLine, useCardEvidence } from './cardEvidence';

/** A part card's compact fitment evidence ("Fit confirmed by 3 buyers"); every sentence in its tooltip. */
export function CardEvidence({ partId }: { partId: string }) {
  const evidence = useCardEvidence(partId).data ?? [];
  const line = cardEvidenceLine(evidence);
  if (!line) return null;
  const confirmed = line.startsWith('Fit confirmed');
  return (
    <p
      className={`flex items-center gap-1 text-xs font-medium ${confirmed ? 'text-success' : 'text-muted'}`}
      title={evidenceSentences(evidence).join('\n')}
      data-testid="card-fit-evidence"
    >
      {confirmed && <ShieldCheck aria-hidden className="size-3" />}
      {line}
    </p>
  );
}
