import type { MessageTemplateDto } from './messaging.dto.js';

/** The item's facts a suggestion may use; anything unknown is left out of the text rather than guessed. */
export interface TemplateFacts {
  itemType: 'part' | 'auction' | 'reverse_auction';
  title: string;
  partNumber?: string | null;
  condition?: string | null;
  make?: string | null;
  model?: string | null;
  year?: string | null;
  /** Dollars, as text ("2400.00"). */
  price?: string | null;
  sellerName?: string | null;
}

/** What the server knows of the buyer: where they are, and their vehicle when they keep one. */
export interface BuyerContext {
  location?: string | null;
  country?: string | null;
  vehicle?: string | null;
}

const CONDITION_LABELS: Record<string, string> = {
  'new-in-box': 'new in box',
  'new-out-of-box': 'new (out of box)',
  'used-excellent': 'used, excellent',
  'used-good': 'used, good',
  'used-poor': 'used, poor',
  rebuilt: 'rebuilt',
  'for-parts': 'for parts only',
};

const dollars = (price: string | null | undefined): number | null => {
  const n = Number(String(price ?? '').replace(/[$,\s]/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
};
const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/**
 * Three to five suggested first messages, composed from the item's own facts and the buyer's context: no outside
 * service, so it answers at once and says nothing the listing does not. Each names the item the same way (title
 * and part number), greets the seller by name, and asks one thing: availability, condition and history, fitment,
 * shipping to the buyer, price.
 */
export function composeTemplates(facts: TemplateFacts, buyer: BuyerContext = {}): MessageTemplateDto[] {
  const title = facts.title.trim() || 'your listing';
  const item = facts.partNumber ? `${title} (part number ${facts.partNumber})` : title;
  // The buyer greets the seller by storefront name; a wanted request's suggestions are the seller's words to the
  // buyer, so a seller name there is the sender's own and is never used as the greeting.
  const hello = facts.itemType !== 'reverse_auction' && facts.sellerName?.trim() ? `Hi ${facts.sellerName.trim()},` : 'Hi,';
  const car = [facts.year, facts.make, facts.model].filter((v) => v && String(v).trim()).join(' ');
  const where = [buyer.location, buyer.country].filter(Boolean).join(', ');
  const price = dollars(facts.price);
  const condition = facts.condition ? (CONDITION_LABELS[facts.condition] ?? facts.condition) : null;

  if (facts.itemType === 'reverse_auction') {
    return [
      {
        category: 'Quote Details',
        subject: `About your request: ${title}`,
        message: `${hello}\n\nI have a part that may match your request for ${item}. Could you confirm the exact part number or casting you need${car ? ` for your ${car}` : ''}, so I can quote the right one?\n\nThanks!`,
        tone: 'professional',
      },
      {
        category: 'Condition',
        subject: `Condition you need: ${title}`,
        message: `${hello}\n\nWould a good used or rebuilt example work for you, or do you only want new old stock? I can send detailed photos of what I have.`,
        tone: 'casual',
      },
      {
        category: 'Shipping',
        subject: `Shipping for ${title}`,
        message: `${hello}\n\nWhere should the part ship to, and do you prefer pickup or shipping? I will include the cost in my quote.`,
        tone: 'professional',
      },
    ];
  }

  const templates: MessageTemplateDto[] = [
    {
      category: 'Availability',
      subject: `Is the ${title} still available?`,
      message: `${hello}\n\nI'm interested in your ${item}. Is it still available${facts.itemType === 'auction' ? ' for this auction, and is there anything I should know before bidding' : ''}?\n\nThank you!`,
      tone: 'professional',
    },
    {
      category: 'Condition & History',
      subject: `Condition and history of the ${title}`,
      message: `${hello}\n\nCould you tell me more about the condition${condition ? ` (listed as ${condition})` : ''} and history of the ${item}? Has it been rebuilt or repaired, and do you have close-up photos of any wear or damage?\n\nThanks in advance.`,
      tone: 'professional',
    },
    {
      category: 'Fitment',
      subject: `Will the ${title} fit my car?`,
      message: buyer.vehicle
        ? `${hello}\n\nWill the ${item} fit my ${buyer.vehicle}? Are any modifications or extra parts needed to install it?\n\nCheers!`
        : `${hello}\n\nCan you confirm the ${item} fits${car ? ` a ${car}` : ' my car'}? Are any modifications or extra parts needed to install it?\n\nCheers!`,
      tone: 'casual',
    },
    {
      category: 'Shipping',
      subject: `Shipping the ${title}${where ? ` to ${where}` : ''}`,
      message: `${hello}\n\nCould you ship the ${item} to ${where || 'me'}? What would shipping cost, and how would it be packed?\n\nThanks!`,
      tone: 'casual',
    },
  ];
  if (price !== null && facts.itemType === 'part') {
    templates.push({
      category: 'Price',
      subject: `Offer on the ${title}`,
      message: `${hello}\n\nI love this ${title}! Would you consider ${money(price * 0.9)} instead of ${money(price)}? I'm ready to buy through Pitlane right away.`,
      tone: 'enthusiastic',
    });
  }
  return templates;
}
