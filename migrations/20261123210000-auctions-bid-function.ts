import { Migration } from '@mikro-orm/migrations';

/**
 * auctions: a bid in three round trips while the auction row is locked (measured with
 * load-tests/auctions/bench.ts; every statement inside the lock costs every queued bidder of a hot auction).
 *
 * - auction_lock_for_bid(id, bidder): locks the auction row and, in further statements (fresh snapshots under
 *   READ COMMITTED, so they see the bids of the transaction it waited for), reads the standing maxima the
 *   proxy engine needs: the leader's, the runner-up's and the bidder's own (a bid can only change the top two
 *   through the bidder's own maximum), each through an index instead of the auction's whole bid history.
 *   Returns {auction: <row>, maxima: [{bidder_id, max, seq}]}, or null when there is no such auction.
 * - auction_apply_bid(...): stores what the proxy engine (proxy-engine.ts, in the server) decided: the bid
 *   rows in order, the winning flag on the leader's last row, the auction's price, count, end and extensions,
 *   and the bid's activity events (made by ActivityService.prepare) with their NOTIFY payloads.
 *   Returns {bids: [{id, seq, createdAt}], totalBids}.
 */
/** The single-bidder lock function (replaced by auction_lock_for_bids in 20261123230000; its down() restores it). */
export const LOCK_FOR_BID_SQL = `create or replace function auction_lock_for_bid(p_auction uuid, p_bidder uuid) returns json
      language plpgsql volatile as $$
      declare
        v_auction json;
        v_leader record;
        v_second record;
        v_own record;
        v_maxima jsonb := '[]'::jsonb;
      begin
        select to_json(a) into v_auction from auctions a where a.id = p_auction for update;
        if v_auction is null then
          return null;
        end if;
        -- The statements below take a fresh snapshot: they see the bids of the transaction we waited for.
        select bidder_id, coalesce(max_bid_amount, bid_amount) as max, seq into v_leader from bids
         where auction_id = p_auction and bid_type <> 'buy_it_now'
         order by coalesce(max_bid_amount, bid_amount) desc, seq limit 1;
        if v_leader.bidder_id is not null then
          v_maxima := v_maxima || jsonb_build_array(jsonb_build_object('bidder_id', v_leader.bidder_id, 'max', v_leader.max::text, 'seq', v_leader.seq::text));
          select bidder_id, coalesce(max_bid_amount, bid_amount) as max, seq into v_second from bids
           where auction_id = p_auction and bid_type <> 'buy_it_now' and bidder_id <> v_leader.bidder_id
           order by coalesce(max_bid_amount, bid_amount) desc, seq limit 1;
          if v_second.bidder_id is not null then
            v_maxima := v_maxima || jsonb_build_array(jsonb_build_object('bidder_id', v_second.bidder_id, 'max', v_second.max::text, 'seq', v_second.seq::text));
          end if;
          if p_bidder is distinct from v_leader.bidder_id and p_bidder is distinct from v_second.bidder_id then
            select bidder_id, coalesce(max_bid_amount, bid_amount) as max, seq into v_own from bids
             where auction_id = p_auction and bid_type <> 'buy_it_now' and bidder_id = p_bidder
             order by coalesce(max_bid_amount, bid_amount) desc, seq limit 1;
            if v_own.bidder_id is not null then
              v_maxima := v_maxima || jsonb_build_array(jsonb_build_object('bidder_id', v_own.bidder_id, 'max', v_own.max::text, 'seq', v_own.seq::text));
            end if;
          end if;
        end if;
        return json_build_object('auction', v_auction, 'maxima', v_maxima);
      end $$;`;

/** The bid-storing function as this migration wrote it (20261124000000 replaces it; its down() restores it). */
export const APPLY_BID_SQL = `create or replace function auction_apply_bid(
        p_auction uuid, p_bids json, p_leader uuid, p_current_bid numeric, p_end_time timestamptz,
        p_extensions integer, p_now timestamptz, p_activity json, p_channel text, p_notices json) returns json
      language plpgsql volatile as $$
      declare
        r json;
        v_id uuid;
        v_seq bigint;
        v_created timestamptz;
        v_leader_row uuid;
        v_rows jsonb := '[]'::jsonb;
        v_total integer;
      begin
        for r in select value from json_array_elements(p_bids) loop
          insert into bids (auction_id, bidder_id, bid_amount, bid_type, max_bid_amount, bidder_ip, bidder_country, user_agent, created_at)
          values (p_auction, (r->>'bidderId')::uuid, (r->>'amount')::numeric, r->>'type', (r->>'max')::numeric,
                  r->>'ip', r->>'country', r->>'userAgent', p_now)
          returning id, seq, created_at into v_id, v_seq, v_created;
          if (r->>'bidderId')::uuid = p_leader then
            v_leader_row := v_id;
          end if;
          v_rows := v_rows || jsonb_build_array(jsonb_build_object('id', v_id, 'seq', v_seq::text, 'createdAt', v_created));
        end loop;
        update bids set is_winning = false, is_outbid = true where auction_id = p_auction and is_winning;
        update bids set is_winning = true where id = v_leader_row;
        update auctions set current_bid = p_current_bid, total_bids = total_bids + json_array_length(p_bids),
               end_time = p_end_time, current_extensions = p_extensions, updated_at = p_now
         where id = p_auction returning total_bids into v_total;
        insert into auction_activity (id, auction_id, type, data, created_at)
        select (e->>'id')::uuid, p_auction, e->>'type', (e->'data')::jsonb, p_now from json_array_elements(p_activity) e;
        perform pg_notify(p_channel, n) from json_array_elements_text(p_notices) n;
        return json_build_object('bids', v_rows, 'totalBids', v_total);
      end $$;`;

export class Migration20261123210000AuctionsBidFunction extends Migration {
  override async up(): Promise<void> {
    // Each bidder's standing maximum is their bid row first in (maximum desc, seq asc) order; these two indexes
    // find the leader's, the runner-up's and one bidder's without reading the auction's whole bid history.
    this.addSql(`create index "bids_auction_id_max_index" on "bids" ("auction_id", (coalesce("max_bid_amount", "bid_amount")) desc, "seq")
      where "bid_type" <> 'buy_it_now';`);
    this.addSql(`create index "bids_auction_id_bidder_id_max_index" on "bids" ("auction_id", "bidder_id", (coalesce("max_bid_amount", "bid_amount")) desc, "seq")
      where "bid_type" <> 'buy_it_now';`);
    this.addSql(LOCK_FOR_BID_SQL);
    this.addSql(APPLY_BID_SQL);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists auction_apply_bid(uuid, json, uuid, numeric, timestamptz, integer, timestamptz, json, text, json);`);
    this.addSql(`drop function if exists auction_lock_for_bid(uuid, uuid);`);
    this.addSql(`drop index if exists "bids_auction_id_bidder_id_max_index";`);
    this.addSql(`drop index if exists "bids_auction_id_max_index";`);
  }
}
