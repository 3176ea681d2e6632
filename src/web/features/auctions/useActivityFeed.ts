import { useEffect, useRef, useState } from 'react';
import type { ActivityEventDto, ActivityStatsDto } from '../../../modules/auctions/auction.dto';
import { CONNECT_FAILED, CONNECTION_ERROR, feedUrl, parseFeedMessage, RECONNECT_DELAY_MS, withEvent, withHistory } from './activityFeed';

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
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (!auctionId) return;
    let socket: WebSocket | null = null;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    // Until a connection has opened once, an error means the feed could not be reached at all.
    let everOpened = false;

    const send = (message: object) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    };

    const connect = () => {
      try {
        socket = new WebSocket(feedUrl(window.location));
      } catch {
        setError(CONNECT_FAILED);
        reconnect = setTimeout(connect, RECONNECT_DELAY_MS);
        return;
      }
      socket.onopen = () => {
        everOpened = true;
        setConnected(true);
        setError(null);
        send({ type: 'subscribe_auction', auctionId });
        send({ type: 'get_activity_stats', auctionId });
      };
      socket.onmessage = (frame) => {
        const message = parseFeedMessage(frame.data);
        if (!message) return;
        switch (message.type) {
          case 'activity_history':
            setEvents(withHistory(message.events));
            break;
          case 'activity_event':
            setEvents((current) => withEvent(current, message.event));
            onEventRef.current(message.event);
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
      };
      socket.onerror = () => setError(everOpened ? CONNECTION_ERROR : CONNECT_FAILED);
      socket.onclose = () => {
        setConnected(false);
        if (!closed) reconnect = setTimeout(connect, RECONNECT_DELAY_MS);
      };
    };

    connect();
    return () => {
      closed = true;
      clearTimeout(reconnect);
      socket?.close();
      setConnected(false);
    };
  }, [auctionId]);

  return { connected, events, stats, error };
}
