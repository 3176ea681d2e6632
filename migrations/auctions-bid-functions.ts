/**
 * The auctions' bid functions, every text a migration created them with, in one place: migrations import
 * their texts from here, and the bid path (src/modules/auctions/bid-batch.sql.ts) calls the current ones.
 * A text a migration has used is never edited (databases migrated with it keep it); a change is a new
 * version here, a migration that creates it, and CURRENT_BID_FUNCTIONS pointing at it.
 *
 * - auction_lock_for_bids(id, bidders[]) locks the auction row (FOR NO KEY UPDATE: it serialises bids, Buy It
 *   Now and the lifecycle, without waiting for transactions that only insert rows referencing the auction)
 *   and, in statements that see the bids of the transaction it waited for, reads the standing maxima the
 *   proxy engine needs for the whole batch: the leader's, the runner-up's and each bidder's own. Returns
 *   {auction: <row>, maxima: [{bidder_id, max, seq}]}, or null when there is no such auction.
 * - auction_apply_bid(...) stores what the proxy engine decided: the bid rows in order (the leader's last one
 *   winning), the auction's price, count, end and extensions, and the activity events with their NOTIFY
 *   payloads (made by liveNotices). Returns {bids: [{id, seq, createdAt}], totalBids}.
 */

/** auction_lock_for_bid(id, bidder), one bidder per transaction (20261123210000; dropped by 20261123230000). */
export const LOCK_FOR_BID_V1 = `create or replace function auction_lock_for_bid(p_auction uuid, p_bidder uuid) returns json
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

/** auction_apply_bid, one INSERT per row (20261123210000). */
export const APPLY_BID_V1 = `create or replace function auction_apply_bid(
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

/** auction_lock_for_bids for a batch of bidders (20261123230000). */
export const LOCK_FOR_BIDS_V1 = `create or replace function auction_lock_for_bids(p_auction uuid, p_bidders uuid[]) returns json
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
 * auction_lock_for_bids with sorting off (20261124000000): PL/pgSQL keeps a generic plan, which could read a
 * hot auction's whole bid history and sort it under the lock; without sorting the index order is the only
 * plan. The batch bidders' own maxima are one DISTINCT ON that reads only their bids.
 */
export const LOCK_FOR_BIDS_V2 = `create or replace function auction_lock_for_bids(p_auction uuid, p_bidders uuid[]) returns json
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
      end $$;`;

/**
 * auction_apply_bid inserting the batch's rows in one statement, the leader's last row already winning
 * (20261124000000): one row version and one entry per index less per batch than a second UPDATE.
 */
export const APPLY_BID_V2 = `create or replace function auction_apply_bid(
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
      end $$;`;

/** The bid functions as the latest migration leaves them. */
export const CURRENT_BID_FUNCTIONS = {
  lockForBids: LOCK_FOR_BIDS_V2,
  applyBid: APPLY_BID_V2,
} as const;
