import { Migration } from '@mikro-orm/migrations';
import { APPLY_BID_SQL } from './20261123210000-auctions-bid-function.js';
import { LOCK_FOR_BIDS_SQL } from './20261123230000-auctions-batched-bids.js';

/**
 * auctions: less work while a hot auction is locked for a batch of bids (measured with
 * `npm run bench:auctions -- --only hot --statements`).
 *
 * - auction_lock_for_bids plans its maxima look-ups without sorting. The leader's and the runner-up's are
 *   "the first bid rows in (maximum desc, seq) order" of the auction, which bids_auction_id_max_index answers
 *   by reading an entry or two. PL/pgSQL keeps a generic plan, costed for an average auction of a few bids,
 *   where reading all of the auction's bids and sorting them looks as cheap; the planner took that plan, and
 *   on a hot auction it read every bid under the lock (96 pages a look-up, 3 ms on average by the end of a
 *   15 s run, growing with each bid). With sorting off inside the function, the index order is the only cheap
 *   plan whatever the statistics say.
 * - The batch bidders' own maxima are one DISTINCT ON over bids_auction_id_bidder_id_max_index with
 *   `bidder_id = any(...)`, which reads only those bidders' bids, already in order. The previous form (one
 *   ORDER BY ... LIMIT 1 per bidder) could also be answered by walking the auction's maxima index until the
 *   bidder's row came up, without a sort, and the generic plan sometimes did that (400 pages a batch).
 * - auction_apply_bid inserts the batch's rows in one statement, the leader's last row already winning, after
 *   clearing the previous winning row. Before, each row was its own INSERT and the winning flag was a second
 *   UPDATE of the new row: one more row version, with an entry in each of the table's six indexes, per batch.
 *   The rows are returned in the order given: seq is drawn as the rows are inserted, in that order.
 */
export class Migration20261124000000AuctionsShorterBidLock extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function auction_lock_for_bids(p_auction uuid, p_bidders uuid[]) returns json
      language plpgsql volatile set enable_sort = off as $$
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
          from (
            select distinct on (bidder_id) bidder_id, coalesce(max_bid_amount, bid_amount) as max, seq from bids
             where auction_id = p_auction and bid_type <> 'buy_it_now' and bidder_id = any(p_bidders)
               and bidder_id <> v_leader.bidder_id and bidder_id is distinct from v_second.bidder_id
             order by bidder_id, coalesce(max_bid_amount, bid_amount) desc, seq) m;
        return json_build_object('auction', v_auction, 'maxima', v_maxima || v_own);
      end $$;`);
    this.addSql(`create or replace function auction_apply_bid(
        p_auction uuid, p_bids json, p_leader uuid, p_current_bid numeric, p_end_time timestamptz,
        p_extensions integer, p_now timestamptz, p_activity json, p_channel text, p_notices json) returns json
      language plpgsql volatile as $$
      declare
        v_rows json;
        v_total integer;
      begin
        update bids set is_winning = false, is_outbid = true where auction_id = p_auction and is_winning;
        with input as (
          select e.value as r, e.ordinality as i,
                 max(e.ordinality) filter (where (e.value->>'bidderId')::uuid = p_leader) over () as leader_i
          from json_array_elements(p_bids) with ordinality e
        ), stored as (
          insert into bids (auction_id, bidder_id, bid_amount, bid_type, max_bid_amount, bidder_ip, bidder_country,
                            user_agent, created_at, is_winning)
          select p_auction, (r->>'bidderId')::uuid, (r->>'amount')::numeric, r->>'type', (r->>'max')::numeric,
                 r->>'ip', r->>'country', r->>'userAgent', p_now, coalesce(i = leader_i, false)
          from input order by i
          returning id, seq, created_at
        )
        select json_agg(json_build_object('id', id, 'seq', seq::text, 'createdAt', created_at) order by seq)
          into v_rows from stored;
        update auctions set current_bid = p_current_bid, total_bids = total_bids + json_array_length(p_bids),
               end_time = p_end_time, current_extensions = p_extensions, updated_at = p_now
         where id = p_auction returning total_bids into v_total;
        insert into auction_activity (id, auction_id, type, data, created_at)
        select (e->>'id')::uuid, p_auction, e->>'type', (e->'data')::jsonb, p_now from json_array_elements(p_activity) e;
        perform pg_notify(p_channel, n) from json_array_elements_text(p_notices) n;
        return json_build_object('bids', v_rows, 'totalBids', v_total);
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(APPLY_BID_SQL);
    this.addSql(LOCK_FOR_BIDS_SQL);
    this.addSql(`alter function auction_lock_for_bids(uuid, uuid[]) reset all;`);
  }
}
