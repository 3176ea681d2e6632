import { useEffect, useRef } from 'react';
import { liveSocketUrl, RECONNECT_DELAY_MS } from './liveSocket';

/** Sends a message on the socket if it is open (JSON); dropped otherwise (the next open subscribes again). */
export type LiveSend = (message: object) => void;

export interface LiveSocketHandlers {
  /** Each time the socket opens: subscribe here. `reopened` is true after a reconnect (pushes sent meanwhile are lost). */
  onOpen?: (send: LiveSend, reopened: boolean) => void;
  /** Each frame as received (readFrame reads the JSON ones). */
  onMessage: (data: unknown, send: LiveSend) => void;
  /** The socket could not be made or failed; `everOpened` is false until a connection has opened once. */
  onError?: (everOpened: boolean) => void;
  /** The socket closed: a reconnect follows, unless the hook stopped (unmounted, or `key` changed). */
  onClose?: () => void;
}

/**
 * One WebSocket to /api/ws while `key` is not null (a user signed in, an auction's id ...), reconnecting 3 s after
 * every close; a new key starts a new socket. The handlers may change on every render (the latest are called);
 * once stopped, nothing from the old socket reaches them but the one onClose of the stop.
 */
export function useLiveSocket(key: string | null, handlers: LiveSocketHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (key === null || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let everOpened = false;
    const send: LiveSend = (message) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    };

    const connect = () => {
      let current: WebSocket;
      try {
        current = new WebSocket(liveSocketUrl(window.location));
      } catch {
        latest.current.onError?.(everOpened);
        reconnect = setTimeout(connect, RECONNECT_DELAY_MS);
        return;
      }
      socket = current;
      current.onopen = () => {
        if (stopped) return;
        const reopened = everOpened;
        everOpened = true;
        latest.current.onOpen?.(send, reopened);
      };
      current.onmessage = (frame) => {
        if (!stopped) latest.current.onMessage(frame.data, send);
      };
      current.onerror = () => {
        if (!stopped) latest.current.onError?.(everOpened);
      };
      current.onclose = () => {
        if (stopped) return;
        latest.current.onClose?.();
        reconnect = setTimeout(connect, RECONNECT_DELAY_MS);
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(reconnect);
      socket?.close();
      latest.current.onClose?.();
    };
  }, [key]);
}
