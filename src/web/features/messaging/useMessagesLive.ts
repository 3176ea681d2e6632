import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageLiveDto } from '../../../modules/messaging/messaging.dto';
import { feedUrl } from '../auctions/activityFeed';
import { applyLive } from './messaging.api';

const RECONNECT_DELAY_MS = 3000;
const LIVE_TYPES = new Set(['message_received', 'message_sent', 'conversation_read']);

/** Keeps one socket open while signed in and applies the user's own message pushes to the caches. */
export function useMessagesLive(signedIn: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const connect = () => {
      socket = new WebSocket(feedUrl(window.location));
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'subscribe_messages' }));
      socket.onmessage = (frame) => {
        try {
          const data = JSON.parse(String(frame.data)) as MessageLiveDto;
          if (LIVE_TYPES.has(data.type)) applyLive(client, data);
        } catch {
          // Not ours.
        }
      };
      socket.onclose = () => {
        if (!closed) reconnect = setTimeout(connect, RECONNECT_DELAY_MS);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(reconnect);
      socket?.close();
    };
  }, [signedIn, client]);
}
