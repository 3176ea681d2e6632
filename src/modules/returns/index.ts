export { returnsModule } from './returns.module.js';
export { RETURNS_EVENTS, type ReturnEventPayload } from './returns.events.js';
export type { ReturnDto, ReturnEventDto, ReturnStateDto, ReturnReasonDto, ReturnActionName, FitEvidenceDto } from './return.dto.js';
export { FitEvidence } from './fit-evidence.port.js';
