export { returnsModule } from './returns.module.js';
export { RETURNS_EVENTS, type ReturnEventPayload } from './returns.events.js';
export type { ReturnDto, ReturnEventDto, ReturnStateDto, ReturnReasonDto, ReturnActionName } from './return.dto.js';
