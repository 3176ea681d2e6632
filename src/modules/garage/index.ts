export { garageModule } from './garage.module.js';
export { FitmentEvidence } from './fitment-evidence.api.js';
export type { FitAnswer, FitmentEvidenceDto, FitmentQuestionDetailDto, FitmentQuestionDto } from './fitment-question.dto.js';
