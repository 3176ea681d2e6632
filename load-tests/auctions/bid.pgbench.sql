-- One accepted bid, statement for statement as BiddingService runs a batch of one bid (no Idempotency-Key,
-- the pattern checks of an account older than a day, an auction without a seller IP, no extension): lock the
-- auction row and read the standing maxima (auction_lock_for_bids); store the bid rows, the winning flag, the
-- auction's new price and the 'bid' and 'outbid' activity with their NOTIFY (auction_apply_bid) and, in the
-- same statement, the outbid mail job (keyed per auction, as the server adds it); commit. The server puts the
-- bids that queue up for one auction into one such transaction; pgbench runs one bid per transaction. The
-- bidder is looked up before the transaction, as the server knows its user before it.
-- Each command ending in ';' or \gset is one round trip; '\;' joins two statements into one round trip, as the
-- server sends BEGIN with the lock and the write with COMMIT. The server runs the proxy engine between the first two
-- calls; here the bid is the auction's minimum, computed from the locked row.
--
--   pgbench -n -f bid.pgbench.sql -D auctions=1000 -D bidders=1000 -c 32 -j 2 -T 15 <database>
--
-- bench_auction_ids(n, id) and bench_bidder_ids(n, id) (created by bench.ts) map pgbench's integers to ids.
\set a random(1, :auctions)
\set u random(1, :bidders)
SELECT id AS bidder_id FROM bench_bidder_ids WHERE n = :u
\gset
BEGIN \;
SELECT l->'auction'->>'id' AS auction_id,
       CASE WHEN (l->'auction'->>'total_bids')::int = 0 THEN (l->'auction'->>'starting_bid')::numeric
            ELSE (l->'auction'->>'current_bid')::numeric + (l->'auction'->>'bid_increment')::numeric END AS amount,
       l->'auction'->>'current_bid' AS previous, l->'auction'->>'end_time' AS end_time, json_array_length(l->'maxima') AS maxima_read
  FROM auction_lock_for_bids((SELECT id FROM bench_auction_ids WHERE n = :a), ARRAY[':bidder_id'::uuid]) AS l
\gset
WITH stored AS MATERIALIZED (
  SELECT auction_apply_bid(':auction_id',
         json_build_array(json_build_object('bidderId', ':bidder_id', 'amount', ':amount', 'type', 'regular', 'max', ':amount',
           'ip', '127.0.0.1', 'country', 'US', 'userAgent', 'pgbench')),
         ':bidder_id', :amount, ':end_time', 0, now(), events.list, 'pitlane_live',
         (SELECT json_agg(json_build_object('topic', 'auction:' || ':auction_id',
                 'message', json_build_object('type', 'activity_event', 'auctionId', ':auction_id', 'event', e))::text)
            FROM json_array_elements(events.list) e)) AS r
    FROM (SELECT json_build_array(
            json_build_object('id', gen_random_uuid(), 'type', 'bid', 'timestamp', now(),
              'data', json_build_object('username', 'b***r', 'amount', ':amount', 'previousHighBid', ':previous', 'currentBid', ':amount')),
            json_build_object('id', gen_random_uuid(), 'type', 'outbid', 'timestamp', now(),
              'data', json_build_object('previousHighBid', ':previous', 'currentBid', ':amount'))) AS list) AS events)
SELECT (SELECT r->'bids'->0->>'seq' FROM stored) AS bid_seq,
       (SELECT count(*) FROM graphile_worker.add_jobs(array(
          SELECT json_populate_record(null::graphile_worker.job_spec, json_build_object(
            'identifier', 'auctions/notify-outbid', 'job_key', 'auction-outbid:' || ':auction_id', 'max_attempts', 25,
            'payload', json_build_array(json_build_object('auctionId', ':auction_id', 'userId', ':bidder_id',
              'bidSeq', s.r->'bids'->0->>'seq'))))
            FROM stored s))) AS jobs \;
COMMIT;
