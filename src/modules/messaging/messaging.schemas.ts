import { z } from 'zod';
import type { ConversationInput, RelatedItemType } from './messaging.dto.js';

export const RELATED_ITEM_TYPES = ['part', 'auction', 'reverse_auction'] as const satisfies readonly RelatedItemType[];

/** The texts of the messaging rules (spec 000 §5 and §8 where it names them). */
export const MESSAGING_MESSAGES = {
  required: 'Subject and message are required',
  subjectLength: 'Subject must be at most 200 characters',
  messageLength: 'Message must be at most 5000 characters',
  content: 'Message cannot be empty',
  oneParticipant: 'A conversation has exactly one other participant',
  participant: 'Not a valid participant id',
  yourself: 'You cannot start a conversation with yourself',
  itemType: 'Related item type must be part, auction or reverse_auction',
  itemId: 'Not a valid item id',
  reason: 'Please say why you report this conversation',
  reasonLength: 'Reason must be at most 1000 characters',
  rateLimited: 'You are sending messages too quickly. Please wait a minute and try again.',
  blocked: 'Messages cannot be sent in this conversation: one of you has blocked the other.',
} as const;

const required = (max: number, tooLong: string) =>
  z.string({ message: MESSAGING_MESSAGES.required }).trim().min(1, MESSAGING_MESSAGES.required).max(max, tooLong);

/** POST /api/conversations (spec 000 §3's creation payload). */
export const conversationSchema = z.object({
  participantIds: z
    .array(z.uuid({ message: MESSAGING_MESSAGES.participant }), { message: MESSAGING_MESSAGES.oneParticipant })
    .length(1, MESSAGING_MESSAGES.oneParticipant),
  // One line: the subject goes into mail subjects.
  subject: required(200, MESSAGING_MESSAGES.subjectLength).transform((v) => v.replace(/\s+/g, ' ')),
  initialMessage: required(5000, MESSAGING_MESSAGES.messageLength),
  relatedItemId: z.uuid({ message: MESSAGING_MESSAGES.itemId }),
  relatedItemType: z.enum(RELATED_ITEM_TYPES, { message: MESSAGING_MESSAGES.itemType }),
}) satisfies z.ZodType<ConversationInput>;
export type ConversationCreate = z.infer<typeof conversationSchema>;

/** POST /api/conversations/{conversationId}/messages */
export const messageSchema = z.object({
  content: z
    .string({ message: MESSAGING_MESSAGES.content })
    .trim()
    .min(1, MESSAGING_MESSAGES.content)
    .max(5000, MESSAGING_MESSAGES.messageLength),
});

export const conversationIdParams = z.object({ conversationId: z.uuid({ message: 'Not a valid id' }) });

/** GET /api/conversations: a page of the inbox. */
export const conversationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** GET /api/conversations/{id}/messages: the latest `limit` messages, or those before the message `before`. */
export const messageListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.uuid({ message: 'Not a valid message id' }).optional(),
});

/** POST /api/conversations/{id}/report */
export const reportSchema = z.object({
  reason: z.string({ message: MESSAGING_MESSAGES.reason }).trim().min(1, MESSAGING_MESSAGES.reason).max(1000, MESSAGING_MESSAGES.reasonLength),
});

/** POST /api/messaging/generate-templates (spec 000 §7); every fact is optional, the server fills what it knows. */
export const templateRequestSchema = z.object({
  itemType: z.string().trim().max(40).optional(),
  itemId: z.uuid().optional(),
  itemTitle: z.string().trim().max(300).optional(),
  itemDescription: z.string().trim().max(10_000).optional(),
  price: z.union([z.string().trim().max(40), z.number()]).optional().nullable(),
  condition: z.string().trim().max(60).optional().nullable(),
  make: z.string().trim().max(100).optional().nullable(),
  model: z.string().trim().max(100).optional().nullable(),
  year: z.union([z.string().trim().max(20), z.number()]).optional().nullable(),
  partNumber: z.string().trim().max(100).optional().nullable(),
  sellerName: z.string().trim().max(200).optional().nullable(),
  buyerContext: z.string().trim().max(60).optional().nullable(),
});
export type TemplateRequest = z.infer<typeof templateRequestSchema>;
