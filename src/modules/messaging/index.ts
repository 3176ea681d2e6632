export { messagingModule } from './messaging.module.js';
export { MessagingApi, type PartNote, type SellerResponseFigures } from './messaging.api.js';
export { MESSAGING_EVENTS, type MessageSentPayload, type ConversationReportedPayload } from './messaging.events.js';
export type {
  ConversationDto,
  MessageDto,
  MessageLiveDto,
  MessageTemplateDto,
  MessageTemplatesDto,
  RelatedItemType,
  ReportedConversationDto,
  ReviewStatus,
  UnreadCountDto,
} from './messaging.dto.js';
