-- The bid transaction as BiddingService.bid ran it BEFORE migration 20261123210000 (kept for comparison:
-- `npm run bench:auctions -- --script bid-statements.pgbench.sql`): one round trip per statement.
-- One accepted bid, statement for statement as BiddingService.bid ran it (no Idempotency-Key, the pattern
-- checks of an account older than a day and an auction without a seller IP): lock the auction row, read the
-- standing maxima, insert the bid, move the winning flag, update the auction, record the 'bid' and 'outbid'
-- activity with their NOTIFY, queue the outbid mail, commit. Every statement is one round trip.
--
--   pgbench -n -f bid-statements.pgbench.sql -D auctions=1000 -D bidders=2000 -c 32 -j 2 -T 15 <database>
--
-- bench_auction_ids(n, id) and bench_bidder_ids(n, id) (created by bench.ts) map pgbench's integers to ids.
-- The bid is the auction's current minimum, computed under the lock, so every transaction is an accepted bid.
\set a random(1, :auctions)
\set u random(1, :bidders)
BEGIN;
SELECT id AS auction_id, (SELECT id FROM bench_bidder_ids WHERE n = :u) AS bidder_id,
       CASE WHEN total_bids = 0 THEN starting_bid ELSE current_bid + bid_increment END AS amount,
       current_bid AS previous, total_bids, end_time, status, seller_id, allow_proxy, allowed_bidders
  FROM auctions WHERE id = (SELECT id FROM bench_auction_ids WHERE n = :a) FOR UPDATE
\gset
SELECT DISTINCT ON (bidder_id) bidder_id, coalesce(max_bid_amount, bid_amount) AS max, seq FROM bids
 WHERE auction_id = ':auction_id' AND bid_type <> 'buy_it_now'
 ORDER BY bidder_id, coalesce(max_bid_amount, bid_amount) DESC, seq ASC;
INSERT INTO bids (auction_id, bidder_id, bid_amount, bid_type, max_bid_amount, bidder_ip, bidder_country, user_agent, created_at)
 VALUES (':auction_id', ':bidder_id', :amount, 'regular', :amount, '127.0.0.1', 'US', 'pgbench', now())
 RETURNING id AS bid_id, seq AS bid_seq
\gset
UPDATE bids SET is_winning = false, is_outbid = true WHERE auction_id = ':auction_id' AND is_winning;
UPDATE bids SET is_winning = true WHERE id = ':bid_id';
UPDATE auctions SET current_bid = :amount, total_bids = total_bids + 1, end_time = end_time, current_extensions = current_extensions,
       updated_at = now()
 WHERE id = ':auction_id' RETURNING total_bids;
INSERT INTO auction_activity (auction_id, type, data, created_at)
 VALUES (':auction_id', 'bid', jsonb_build_object('username', 'b***r', 'amount', ':amount', 'previousHighBid', ':previous', 'currentBid', ':amount'), now())
 RETURNING id;
SELECT pg_notify('pitlane_live', json_build_object('topic', 'auction:' || ':auction_id', 'message', json_build_object('type', 'activity_event',
       'auctionId', ':auction_id', 'event', json_build_object('id', gen_random_uuid(), 'type', 'bid', 'timestamp', now(),
       'data', json_build_object('username', 'b***r', 'amount', ':amount', 'previousHighBid', ':previous', 'currentBid', ':amount'))))::text);
INSERT INTO auction_activity (auction_id, type, data, created_at)
 VALUES (':auction_id', 'outbid', jsonb_build_object('previousHighBid', ':previous', 'currentBid', ':amount'), now())
 RETURNING id;
SELECT pg_notify('pitlane_live', json_build_object('topic', 'auction:' || ':auction_id', 'message', json_build_object('type', 'activity_event',
       'auctionId', ':auction_id', 'event', json_build_object('id', gen_random_uuid(), 'type', 'outbid', 'timestamp', now(),
       'data', json_build_object('previousHighBid', ':previous', 'currentBid', ':amount'))))::text);
SELECT graphile_worker.add_job(identifier => 'auctions/notify-outbid',
       payload => json_build_object('auctionId', ':auction_id', 'userId', ':bidder_id', 'bidSeq', ':bid_seq'),
       run_at => null, max_attempts => 25, job_key => null, job_key_mode => null);
COMMIT;
