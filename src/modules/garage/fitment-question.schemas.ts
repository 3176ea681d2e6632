import { z } from 'zod';
import { numeric } from '../../platform/http/validate.js';
import {
  FIT_ANSWERS,
  FITMENT_QUESTION_MESSAGES,
  MAX_ANSWER_LENGTH,
  MAX_QUESTION_LENGTH,
  MAX_QUESTION_PHOTOS,
} from './fitment-question.messages.js';

/** A photo uploaded through POST /api/fitment-questions/photos (web copy, JPEG or PNG): a URL or `{url}`. */
const UPLOAD_URL = /^\/api\/uploads\/files\/[0-9a-f]{32}\.(?:jpg|png)$/;
const photoUrl = z.string({ error: FITMENT_QUESTION_MESSAGES.photo }).trim().regex(UPLOAD_URL, FITMENT_QUESTION_MESSAGES.photo);
const photo = z.union([photoUrl.transform((url) => ({ url })), z.object({ url: photoUrl }).transform(({ url }) => ({ url }))], {
  error: FITMENT_QUESTION_MESSAGES.photo,
});

const text = (required: string, max: number, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** POST /api/parts/{id}/fitment-questions */
export const fitmentQuestionSchema = z.object({
  vehicleId: z.uuid({ message: FITMENT_QUESTION_MESSAGES.vehicle }),
  question: text(FITMENT_QUESTION_MESSAGES.question, MAX_QUESTION_LENGTH, FITMENT_QUESTION_MESSAGES.questionLength),
  photos: z.array(photo, { error: FITMENT_QUESTION_MESSAGES.photo }).max(MAX_QUESTION_PHOTOS, FITMENT_QUESTION_MESSAGES.tooManyPhotos).default([]),
});
export type FitmentQuestionCreate = z.infer<typeof fitmentQuestionSchema>;

/** POST /api/fitment-questions/{id}/answer */
export const fitmentAnswerSchema = z.object({
  fits: z.enum(FIT_ANSWERS, { error: FITMENT_QUESTION_MESSAGES.fits }),
  answer: text(FITMENT_QUESTION_MESSAGES.answer, MAX_ANSWER_LENGTH, FITMENT_QUESTION_MESSAGES.answerLength),
});
export type FitmentAnswerCreate = z.infer<typeof fitmentAnswerSchema>;

export const partIdParams = z.object({ id: z.uuid({ message: 'Not a valid part id' }) });
export const questionIdParams = z.object({ id: z.uuid({ message: 'Not a valid question id' }) });

const page = (max: number, message: string) => numeric(z.number({ error: message }).int(message).min(0, message).max(max, message));
export const fitmentQuestionListQuery = z.object({
  limit: page(100, 'limit must be 1-100').refine((n) => n >= 1, 'limit must be 1-100').default(20),
  offset: page(1_000_000, 'offset must be 0 or more').default(0),
});
