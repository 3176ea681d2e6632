import type { ReportedConversationDto, ReviewStatus } from '../../modules/messaging/messaging.dto';

export const REVIEW_LABELS: Record<ReviewStatus, string> = { open: 'Waiting for review', dismissed: 'Dismissed', suspended: 'Sender suspended' };
export const reviewChoices = (Object.keys(REVIEW_LABELS) as ReviewStatus[]).map((id) => ({ id, name: REVIEW_LABELS[id] }));

/** Why a conversation is in the review: its flagged messages and its reports, in a few words. */
export function reviewReason(r: Pick<ReportedConversationDto, 'flaggedMessages' | 'reports'>): string {
  const parts: string[] = [];
  if (r.flaggedMessages) parts.push(`${r.flaggedMessages} flagged message${r.flaggedMessages === 1 ? '' : 's'}`);
  if (r.reports) parts.push(`${r.reports} report${r.reports === 1 ? '' : 's'}`);
  return parts.join(', ') || 'Flagged';
}

const WARNING_LABELS: Record<string, string> = { email: 'Email address', phone: 'Phone number', off_platform_payment: 'Off-platform payment' };
/** A message's warnings as the console names them. */
export const warningLabels = (warnings: readonly string[]) => warnings.map((w) => WARNING_LABELS[w] ?? w).join(', ');

/** The item's page in the web app. */
export function itemHref(r: Pick<ReportedConversationDto, 'relatedItemType' | 'relatedItemId'>): string {
  const base = r.relatedItemType === 'part' ? '/parts' : r.relatedItemType === 'auction' ? '/auctions' : '/reverse-auctions';
  return `${base}/${r.relatedItemId}`;
}
