/**
 * The request bodies of the garage, alerts and market watch APIs as a client sends them, named for the front ends
 * (`import type`): each is the input of the zod schema that parses it (BodyInput), so the schema is the one
 * definition of the shape.
 */
import type { BodyInput } from '../../platform/http/body-input.js';
import type {
  alertCreateSchema,
  alertSettingsSchema,
  alertUpdateSchema,
  fitmentReportSchema,
  vehicleCreateSchema,
  vehicleUpdateSchema,
  watchCreateSchema,
  watchUpdateSchema,
} from './garage.schemas.js';
import type { fitmentAnswerSchema, fitmentQuestionSchema } from './fitment-question.schemas.js';

/** POST /api/garage: make and model required (years, priority as numbers or numeric strings). */
export type VehicleCreateInput = BodyInput<typeof vehicleCreateSchema>;
/** PATCH /api/garage/vehicle/{id}: any subset of the vehicle's fields. */
export type VehicleUpdateInput = BodyInput<typeof vehicleUpdateSchema>;
/** POST /api/alerts: "Save this search" and the alert form. */
export type AlertCreateInput = BodyInput<typeof alertCreateSchema>;
/** PATCH /api/alerts/alert/{id}: pause, rename, change frequency or filters. */
export type AlertUpdateInput = BodyInput<typeof alertUpdateSchema>;
/** PUT /api/alerts/settings: the time zone and the hour of the daily digest. */
export type AlertSettingsInput = BodyInput<typeof alertSettingsSchema>;
/** POST /api/market-watch: "Track price" and the garage's watch form (one of the three ids, as watchType says). */
export type WatchCreateInput = BodyInput<typeof watchCreateSchema>;
/** PATCH /api/market-watch/item/{id}: the threshold, or pause. */
export type WatchUpdateInput = BodyInput<typeof watchUpdateSchema>;
/** POST /api/orders/{id}/fitment-report: "Did it fit?" after delivery (a vehicle of the buyer's garage optional). */
export type FitmentReportInput = BodyInput<typeof fitmentReportSchema>;

/** POST /api/parts/{id}/fitment-questions: "Will it fit my ...?" */
export type FitmentQuestionInput = BodyInput<typeof fitmentQuestionSchema>;
/** POST /api/fitment-questions/{id}/answer: the seller's yes, no or unsure, with a word. */
export type FitmentAnswerInput = BodyInput<typeof fitmentAnswerSchema>;
