import { ContainerModule } from 'inversify';
import type { PitlaneModule } from '../../platform/module.js';
import { conversationAdminRoutes } from './conversation.admin-routes.js';
import { ConversationAdminService } from './conversation-admin.service.js';
import { ConversationMember } from './conversation-member.entity.js';
import { ConversationReport } from './conversation-report.entity.js';
import { Conversation } from './conversation.entity.js';
import { ConversationItems } from './conversation.items.js';
import { ConversationService } from './conversation.service.js';
import { Message } from './message.entity.js';
import { MessageTemplateService } from './message-template.service.js';
import { MessagingApi, MessagingApiImpl } from './messaging.api.js';
import { messagingDemo } from './messaging.demo.js';
import { MessagingLive } from './messaging.live.js';
import { messagingRoutes } from './messaging.routes.js';
import { messagingTasks } from './messaging.tasks.js';
import { UnreadMailService } from './unread-mail.service.js';
import { UserBlock } from './user-block.entity.js';

/** The messaging module: conversations about parts, auctions and wanted requests, live, with suggested messages. */
export const messagingModule: PitlaneModule = {
  name: 'messaging',
  containerModule: new ContainerModule(({ bind }) => {
    bind(ConversationAdminService).toSelf();
    bind(ConversationItems).toSelf();
    bind(ConversationService).toSelf();
    bind(MessageTemplateService).toSelf();
    bind(MessagingApi).to(MessagingApiImpl);
    bind(MessagingLive).toSelf().inSingletonScope();
    bind(UnreadMailService).toSelf();
  }),
  entities: [Conversation, ConversationMember, Message, UserBlock, ConversationReport],
  routes: messagingRoutes,
  adminRoutes: conversationAdminRoutes,
  tasks: messagingTasks,
  live: (container, hub) => container.get(MessagingLive).attach(hub),
  demo: messagingDemo,
};
