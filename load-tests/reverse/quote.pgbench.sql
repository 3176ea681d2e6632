-- One accepted quote, statement for statement as QuoteService.quote runs it (no Idempotency-Key): the seller's
-- approval is read before the transaction (sellers.findByUser; the server also reads the user); then lock the
-- request row, read the lowest quote's seller, store the quote, update the request's lowest quote and count,
-- store the 'quote' and 'outquoted' activity, store the quote's notice for the mail sweep (the buyer's grouped
-- new-quotes mail, the outquoted seller), read the request back for the answer, commit. The live events' NOTIFY
-- and the sweep's job go after the commit, outside this transaction (issue 18), as they do in the server. Each
-- command ending in ';' or \gset is one round trip, as the server sends each statement on its own. The quote is
-- the request's current maximum (the budget, or the lowest quote minus the decrement), computed from the locked row.
--
--   pgbench -n -f quote.pgbench.sql -D requests=1000 -D sellers=1000 -c 32 -j 2 -T 15 <database>
--
-- bench_request_ids(n, id) and bench_seller_ids(n, id) (created by bench.ts) map pgbench's integers to ids.
\set a random(1, :requests)
\set u random(1, :sellers)
SELECT s.user_id AS seller_id, s.status AS seller_status FROM sellers s WHERE s.user_id = (SELECT id FROM bench_seller_ids WHERE n = :u)
\gset
BEGIN;
SELECT id AS request_id, end_time,
       least(max_budget, coalesce(current_lowest_bid - min_bid_decrement, max_budget)) AS amount,
       coalesce(current_lowest_bid::text, '') AS previous_low
  FROM reverse_auctions WHERE id = (SELECT id FROM bench_request_ids WHERE n = :a) FOR UPDATE
\gset
SELECT coalesce((SELECT seller_id::text FROM reverse_auction_bids WHERE reverse_auction_id = ':request_id'
                  ORDER BY bid_amount, seq LIMIT 1), '') AS previous_seller
\gset
INSERT INTO reverse_auction_bids (reverse_auction_id, seller_id, bid_amount, part_condition, part_location,
    estimated_shipping, availability_date, notes, images, created_at)
  VALUES (':request_id', ':seller_id', :amount, NULL, NULL, NULL, NULL, NULL, '[]'::jsonb, now())
  RETURNING id AS bid_id, seq AS bid_seq
\gset
UPDATE reverse_auctions SET current_lowest_bid = least(coalesce(current_lowest_bid, :amount), :amount),
    total_bids = total_bids + 1, updated_at = now()
  WHERE id = ':request_id' RETURNING total_bids
\gset
WITH events AS (
  SELECT json_build_object('id', gen_random_uuid(), 'type', 'quote', 'timestamp', now(),
           'data', json_build_object('username', 's***r', 'amount', ':amount', 'previousLowBid', ':previous_low',
                                     'currentLowBid', ':amount', 'totalBids', :total_bids)) AS e
  UNION ALL
  SELECT json_build_object('id', gen_random_uuid(), 'type', 'outquoted', 'timestamp', now(),
           'data', json_build_object('amount', ':amount', 'previousLowBid', ':previous_low'))
   WHERE ':previous_seller' <> '' AND ':previous_seller' <> ':seller_id'
)
INSERT INTO reverse_auction_activity (id, reverse_auction_id, type, data, created_at)
  SELECT (e->>'id')::uuid, ':request_id', e->>'type', (e->'data')::jsonb, now() FROM events;
INSERT INTO reverse_quote_notices (reverse_auction_id, outquoted_seller_id, bid_seq)
  VALUES (':request_id', nullif(nullif(':previous_seller', ''), ':seller_id')::uuid, :bid_seq);
SELECT * FROM reverse_auctions WHERE id = ':request_id';
COMMIT;
