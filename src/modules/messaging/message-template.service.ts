import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/http/auth.js';
import { AccountsApi } from '../accounts/index.js';
import { ConversationItems } from './conversation.items.js';
import { composeTemplates, type TemplateFacts } from './message.templates.js';
import type { MessageTemplatesDto, RelatedItemType } from './messaging.dto.js';
import { RELATED_ITEM_TYPES, type TemplateRequest } from './messaging.schemas.js';

const asText = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? null : String(v));

/** Suggested first messages for the Contact Seller dialog (POST /api/messaging/generate-templates). */
@injectable()
export class MessageTemplateService {
  constructor(
    @inject(ConversationItems) private readonly items: ConversationItems,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
  ) {}

  /**
   * Composes the suggestions from the item's stored facts when `itemId` names one the caller can see (else from
   * the facts the client sent) and from what the server knows of the signed-in buyer (their location).
   */
  async generate(actor: Actor | null, req: TemplateRequest): Promise<MessageTemplatesDto> {
    const type = (RELATED_ITEM_TYPES as readonly string[]).includes(req.itemType ?? '') ? (req.itemType as RelatedItemType) : 'part';
    const stored = req.itemId ? await this.items.visible(type, req.itemId, actor) : null;
    const sent: TemplateFacts = {
      itemType: type,
      title: req.itemTitle ?? '',
      partNumber: req.partNumber ?? null,
      condition: req.condition ?? null,
      make: req.make ?? null,
      model: req.model ?? null,
      year: asText(req.year),
      price: asText(req.price),
      sellerName: req.sellerName ?? null,
    };
    const facts: TemplateFacts = stored ? { ...sent, ...Object.fromEntries(Object.entries(stored.facts).filter(([, v]) => v)) } : sent;
    const buyer = actor ? await this.accounts.findUser(actor.id) : null;
    return { templates: composeTemplates(facts, { location: buyer?.location ?? null, country: buyer?.country ?? null }) };
  }
}
