import { inject, injectable } from 'inversify';

import type { Config } from '../../platform/config.js';
import { type Mail, MailQueue } from '../../platform/mail/mailer.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi } from '../accounts/index.js';
import { CatalogApi } from '../catalog/index.js';
import { OFFERS_EVENTS, type OfferEventPayload } from './offers.events.js';
import { Database } from '../../platform/db/database.js';

const KIND_NAME = { offer: 'offer', reserve_offer: 'reserve-not-met offer', second_chance: 'Second Chance offer' } as const;

/** Mails both sides of a negotiation at each step (subscribed to the module's own events, so it runs after the commit). */
@injectable()
export class OfferMailService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
  ) {}

  private link(path: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}${path}`;
  }

  /** The mails of one offers event (none for an event it does not know). */
  async notify(event: string, p: OfferEventPayload): Promise<number> {
    const [[part], users] = await Promise.all([this.catalog.findParts([p.partId]), this.accounts.findUsers([p.buyerId, p.sellerId])]);
    const title = part?.title ?? 'your part';
    const byId = new Map(users.map((u) => [u.id, u]));
    const buyer = byId.get(p.buyerId);
    const seller = byId.get(p.sellerId);
    const amount = p.amount ? `$${p.amount}` : '';
    const what = KIND_NAME[p.kind] ?? 'offer';
    const offerLink = this.link(`/offers/${p.offerId}`);
    const sellerLink = this.link('/seller-dashboard#offers');
    const buyerLink = this.link('/account/offers');
    const mails: Mail[] = [];
    const to = (email: string | undefined, subject: string, text: string) => {
      if (email) mails.push({ to: email, subject, text });
    };
    const by = p.by === 'buyer' ? (buyer?.username ?? 'The buyer') : p.by === 'seller' ? (seller?.username ?? 'The seller') : 'Pitlane';
    switch (event) {
      case OFFERS_EVENTS.offerMade:
        to(seller?.email, `New offer on ${title}: ${amount}`, `${by} offered ${amount} for ${title}. Accept, decline or counter within 48 hours: ${sellerLink}`);
        to(buyer?.email, `Your offer on ${title}: ${amount}`, `You offered ${amount} for ${title}. The seller has 48 hours to answer: ${buyerLink}`);
        break;
      case OFFERS_EVENTS.offerCountered: {
        const buyerCountered = p.by === 'buyer';
        to(
          (buyerCountered ? seller : buyer)?.email,
          `Counter-offer on ${title}: ${amount}`,
          `${by} answered with ${amount} for ${title}. Accept, decline or counter: ${offerLink}`,
        );
        to((buyerCountered ? buyer : seller)?.email, `Your counter-offer on ${title}: ${amount}`, `You proposed ${amount} for ${title}: ${offerLink}`);
        break;
      }
      case OFFERS_EVENTS.offerAccepted: {
        const pay = p.orderId ? this.link(`/checkout/${p.orderId}`) : buyerLink;
        to(buyer?.email, `Offer accepted: ${title} for ${amount}`, `Your ${what} of ${amount} for ${title} was accepted. Pay for your order here: ${pay}`);
        to(seller?.email, `Offer accepted: ${title} for ${amount}`, `The ${what} of ${amount} for ${title} was accepted. The buyer has been asked to pay: ${sellerLink}`);
        break;
      }
      case OFFERS_EVENTS.offerDeclined: {
        const reason = p.reason ? ` ${p.reason}` : '';
        to(buyer?.email, `Offer declined: ${title}`, `The ${what} for ${title} was declined.${reason} ${buyerLink}`);
        // An automatic decline because the part sold elsewhere does not need a mail to the seller.
        if (p.by !== 'system') to(seller?.email, `Offer declined: ${title}`, `The ${what} for ${title} was declined.${reason} ${sellerLink}`);
        break;
      }
      case OFFERS_EVENTS.offerExpired:
        to(buyer?.email, `Offer expired: ${title}`, `The ${what} for ${title} expired without an answer. ${buyerLink}`);
        to(seller?.email, `Offer expired: ${title}`, `The ${what} for ${title} expired without an answer. ${sellerLink}`);
        break;
      case OFFERS_EVENTS.reserveOpened:
        to(
          seller?.email,
          `Reserve not met: ${title}`,
          `Your auction of ${title} ended below the reserve with a high bid of ${amount}. For 24 hours you may offer it to the high bidder at ${amount} or more: ${offerLink}`,
        );
        to(
          buyer?.email,
          `Reserve not met: ${title}`,
          `The auction of ${title} ended below the reserve. For 24 hours the seller may offer it to you, and you may raise your bid of ${amount}: ${offerLink}`,
        );
        break;
      case OFFERS_EVENTS.secondChanceSent:
        to(buyer?.email, `Second Chance offer: ${title} for ${amount}`, `The seller offers you ${title} at your highest bid of ${amount}. The first bidder to accept buys it: ${offerLink}`);
        to(seller?.email, `Second Chance offer sent: ${title}`, `You offered ${title} to ${buyer?.username ?? 'a bidder'} at ${amount}: ${offerLink}`);
        break;
      default:
        return 0;
    }
    if (mails.length) await this.mail.queueMany(this.db.em, mails);
    return mails.length;
  }
}
