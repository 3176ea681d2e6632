/**
 * The request bodies of the messaging API as a client sends them, named for the front ends (`import type`): each is
 * the input of the zod schema that parses it (BodyInput), so the schema is the one definition of the shape.
 * (POST /api/conversations is ConversationInput of messaging.dto.ts, which conversationSchema is checked against.)
 */
import type { BodyInput } from '../../platform/http/body-input.js';
import type { messageSchema, reportSchema, templateRequestSchema } from './messaging.schemas.js';

/** POST /api/conversations/{id}/messages. */
export type MessageInput = BodyInput<typeof messageSchema>;
/** POST /api/conversations/{id}/report. */
export type ReportInput = BodyInput<typeof reportSchema>;
/** POST /api/messaging/generate-templates: every fact optional, the server fills what it knows. */
export type TemplateRequestInput = BodyInput<typeof templateRequestSchema>;
