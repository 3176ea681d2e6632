import { useQueryClient } from '@tanstack/react-query';
import type { MessageLiveDto } from '../../../modules/messaging/messaging.dto';
import { readFrame } from '../../lib/liveSocket';
import { useLiveSocket } from '../../lib/useLiveSocket';
import { applyLive } from './messaging.api';

const LIVE_TYPES = new Set(['message_received', 'message_sent', 'conversation_read']);

/** Keeps one socket open while signed in and applies the user's own message pushes to the caches. */
export function useMessagesLive(signedIn: boolean): void {
  const client = useQueryClient();
  useLiveSocket(signedIn ? 'messages' : null, {
    onOpen: (send) => send({ type: 'subscribe_messages' }),
    onMessage: (data) => {
      const frame = readFrame(data);
      if (frame && LIVE_TYPES.has(frame.type)) applyLive(client, frame as unknown as MessageLiveDto);
    },
  });
}
