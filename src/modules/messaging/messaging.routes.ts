import { Router } from 'express';
import type { Container } from 'inversify';
import { getActor, requireActor, requireSignIn } from '../../platform/http/auth.js';
import { RateLimits } from '../../platform/http/rate-limit.js';
import { handle, idParams, sendList } from '../../platform/http/validate.js';
import { ConversationService } from './conversation.service.js';
import { MessageTemplateService } from './message-template.service.js';
import {
  conversationIdParams,
  conversationListQuery,
  conversationSchema,
  MESSAGING_MESSAGES,
  messageListQuery,
  messageSchema,
  reportSchema,
  templateRequestSchema,
} from './messaging.schemas.js';

/** Messages one user may send in a minute (new conversations included). */
export const MESSAGES_PER_MINUTE = 20;

/** The messaging API (spec 000 §7): conversations, threads, unread count, suggestions, block and report. */
export function messagingRoutes(container: Container): Router {
  const conversations = container.get(ConversationService);
  const templates = container.get(MessageTemplateService);
  const router = Router();
  const perUser = container.get(RateLimits).limit('messages', {
    windowMs: 60_000,
    limit: MESSAGES_PER_MINUTE,
    message: MESSAGING_MESSAGES.rateLimited,
    key: async (req) => (await getActor(req))?.id,
  });

  router.post(
    '/conversations',
    requireSignIn,
    perUser,
    handle({ body: conversationSchema }, async ({ body }, req) => conversations.start(await requireActor(req), body), 201),
  );
  router.get(
    '/conversations',
    requireSignIn,
    handle({ query: conversationListQuery }, async ({ query }, req, res) => sendList(res, await conversations.list(await requireActor(req), query))),
  );
  router.get(
    '/conversations/:id',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => conversations.conversationOf(await requireActor(req), params.id)),
  );
  router.get(
    '/conversations/:id/messages',
    requireSignIn,
    handle({ params: idParams, query: messageListQuery }, async ({ params, query }, req, res) =>
      sendList(res, await conversations.messages(await requireActor(req), params.id, query)),
    ),
  );
  router.post(
    '/conversations/:conversationId/messages',
    requireSignIn,
    perUser,
    handle(
      { params: conversationIdParams, body: messageSchema },
      async ({ params, body }, req) => conversations.send(await requireActor(req), params.conversationId, body.content),
      201,
    ),
  );
  router.put(
    '/conversations/:id/read',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => conversations.markRead(await requireActor(req), params.id)),
  );
  router.post(
    '/conversations/:id/block',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => conversations.setBlocked(await requireActor(req), params.id, true)),
  );
  router.delete(
    '/conversations/:id/block',
    requireSignIn,
    handle({ params: idParams }, async ({ params }, req) => conversations.setBlocked(await requireActor(req), params.id, false)),
  );
  router.post(
    '/conversations/:id/report',
    requireSignIn,
    handle({ params: idParams, body: reportSchema }, async ({ params, body }, req) => conversations.report(await requireActor(req), params.id, body.reason), 201),
  );
  router.get(
    '/messages/unread-count',
    requireSignIn,
    handle({}, async (_input, req) => conversations.unreadCount(await requireActor(req))),
  );
  router.post(
    '/messaging/generate-templates',
    handle({ body: templateRequestSchema }, async ({ body }, req) => templates.generate(await getActor(req), body)),
  );
  return router;
}
