/** Policy facts shared by the FAQ, payment, privacy and terms pages (spec 000 §9, 001 §9). */
export const POLICY = {
  version: 'v1.0',
  effectiveDate: 'January 30, 2025',
  escrowThreshold: '$5,000',
  commission: '3%-7%',
  returnWindowDays: 7,
  sellerReturnResponseBusinessDays: 3,
  shipWithinHours: 72,
  minimumAge: 16,
  suggestedPhotos: '3-5',
  supportReply: 'within one business day',
  supportEmail: 'support@pitlane.local',
} as const;
