import { Migration } from '@mikro-orm/migrations';
import { LOCK_FOR_BID_SQL } from './20261123210000-auctions-bid-function.js';

/** The batch lock function as this migration wrote it (20261124000000 replaces it; its down() restores it). */
export const LOCK_FOR_BIDS_SQL = `create or replace function auction_lock_for_bids(p_auction uuid, p_bidders uuid[]) returns json
      language plpgsql volatile as $$
      declare
        v_auction json;
        v_leader record;
        v_second record;
        v_maxima jsonb := '[]'::jsonb;
        v_own jsonb;
      begin
        select to_json(a) into v_auction from auctions a where a.id = p_auction for no key update;
        if v_auction is null then
          return null;
        end if;
        -- The statements below take a fresh snapshot: they see the bids of the transaction we waited for.
        select bidder_id, coalesce(max_bid_amount, bid_amount) as max, seq into v_leader from bids
         where auction_id = p_auction and bid_type <> 'buy_it_now'
         order by coalesce(max_bid_amount, bid_amount) desc, seq limit 1;
        if v_leader.bidder_id is null then
          return json_build_object('auction', v_auction, 'maxima', v_maxima);
        end if;
        v_maxima := jsonb_build_array(jsonb_build_object('bidder_id', v_leader.bidder_id, 'max', v_leader.max::text, 'seq', v_leader.seq::text));
        select bidder_id, coalesce(max_bid_amount, bid_amount) as max, seq into v_second from bids
         where auction_id = p_auction and bid_type <> 'buy_it_now' and bidder_id <> v_leader.bidder_id
         order by coalesce(max_bid_amount, bid_amount) desc, seq limit 1;
        if v_second.bidder_id is not null then
          v_maxima := v_maxima || jsonb_build_array(jsonb_build_object('bidder_id', v_second.bidder_id, 'max', v_second.max::text, 'seq', v_second.seq::text));
        end if;
        select coalesce(jsonb_agg(jsonb_build_object('bidder_id', m.bidder_id, 'max', m.max::text, 'seq', m.seq::text)), '[]'::jsonb)
          into v_own
          from (select distinct b from unnest(p_bidders) b) wanted
          cross join lateral (
            select bidder_id, coalesce(max_bid_amount, bid_amount) as max, seq from bids
             where auction_id = p_auction and bid_type <> 'buy_it_now' and bidder_id = wanted.b
             order by coalesce(max_bid_amount, bid_amount) desc, seq limit 1) m
         where wanted.b is distinct from v_leader.bidder_id and wanted.b is distinct from v_second.bidder_id;
        return json_build_object('auction', v_auction, 'maxima', v_maxima || v_own);
      end $$;`;

/**
 * auctions: several bids on one auction in one transaction (BiddingService batches the bids that queue up
 * for a hot auction in one process). auction_lock_for_bids(id, bidders[]) replaces auction_lock_for_bid(id,
 * bidder): it locks the auction row and reads the leader's and the runner-up's standing maxima and those of
 * every bidder of the batch, each through bids_auction_id_bidder_id_max_index. Those are all the maxima the
 * proxy engine needs for the whole batch: a bid changes only its own bidder's maximum, so the top two after
 * any bid of the batch are among them. auction_apply_bid already takes any number of bid rows and events.
 * The row lock is FOR NO KEY UPDATE (what the UPDATE of the auction takes anyway): it still serialises bids,
 * Buy It Now and the lifecycle, but no longer waits for transactions that only insert rows referencing the
 * auction (the worker's outbid notifications take FOR KEY SHARE through their foreign key).
 */
export class Migration20261123230000AuctionsBatchedBids extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop function if exists auction_lock_for_bid(uuid, uuid);`);
    this.addSql(LOCK_FOR_BIDS_SQL);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists auction_lock_for_bids(uuid, uuid[]);`);
    this.addSql(LOCK_FOR_BID_SQL);
  }
}
