export { garageModule } from './garage.module.js';
export type { FitAnswer, FitmentQuestionDetailDto, FitmentQuestionDto } from './fitment-question.dto.js';
