/** The answers of "Will it fit my ...?" (issue 35): questions to a part's seller about one garage vehicle. */

export type FitAnswer = 'yes' | 'no' | 'unsure';

/** A question as the part page lists it (GET /api/parts/{id}/fitment-questions): the asker is never named. */
export interface FitmentQuestionDto {
  id: string;
  /** The vehicle's name when the question was asked ("1967-1969 Porsche 911"). */
  vehicle: string;
  question: string;
  fits: FitAnswer | null;
  answer: string | null;
  askedAt: string;
  answeredAt: string | null;
}

/** The question as its asker and the part's seller see it (the answers of the ask and answer routes), with its photos. */
export interface FitmentQuestionDetailDto extends FitmentQuestionDto {
  partId: string;
  vehicleId: string | null;
  photos: { url: string }[];
}
