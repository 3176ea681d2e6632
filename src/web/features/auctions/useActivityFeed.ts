import { useState } from 'react';
import type { ActivityEventDto, ActivityStatsDto } from '../../../modules/auctions/auction.dto';
import { useLiveSocket } from '../../lib/useLiveSocket';
import { CONNECT_FAILED, CONNECTION_ERROR, parseFeedMessage, withEvent, withHistory } from './activityFeed';

export interface ActivityFeedState {
  connected: boolean;
  events: ActivityEventDto[];
  stats: ActivityStatsDto | null;
  error: string | null;
}

/**
 * The live activity of one auction over /api/ws: subscribes, asks for the stats, keeps the latest
 * 50 events and reconnects 3 s after a disconnect. `onEvent` runs for every live event.
 */
export function useActivityFeed(auctionId: string | undefined, onEvent: (event: ActivityEventDto) => void): ActivityFeedState {
  const [connected, setConnected] = useState(false);
  const [events, setEvents] = useState<ActivityEventDto[]>([]);
  const [stats, setStats] = useState<ActivityStatsDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  useLiveSocket(auctionId || null, {
    onOpen: (send) => {
      setConnected(true);
      setError(null);
      send({ type: 'subscribe_auction', auctionId });
      send({ type: 'get_activity_stats', auctionId });
    },
    onMessage: (data, send) => {
      const message = parseFeedMessage(data);
      if (!message) return;
      switch (message.type) {
        case 'activity_history':
          setEvents(withHistory(message.events));
          break;
        case 'activity_event':
          setEvents((current) => withEvent(current, message.event));
          onEvent(message.event);
          send({ type: 'get_activity_stats', auctionId });
          break;
        case 'activity_stats':
          setStats(message.stats);
          break;
        case 'error':
          setError(message.message);
          break;
        case 'subscription_confirmed':
          break;
      }
    },
    // Until a connection has opened once, an error means the feed could not be reached at all.
    onError: (everOpened) => setError(everOpened ? CONNECTION_ERROR : CONNECT_FAILED),
    onClose: () => setConnected(false),
  });

  return { connected, events, stats, error };
}
