/**
 * FOREX_TRADE (every holding order of the user with its live P/L) and FOREX_CLOSED (one closed order) on the host's
 * logged-in socket. The handlers may change every render; the subscription does not.
 */
import { useEffect, useRef } from 'react';
import { TOPICS, subscribe } from '@meridian/shared';
import type { Order } from '../api/orders-api';

const isOrder = (v: unknown): v is Order =>
  typeof v === 'object' && v !== null && typeof (v as { Id?: unknown }).Id === 'number';

export function useLiveOrders(handlers: {
  onTrade: (live: readonly Order[]) => void;
  onClosed: (order: Order) => void;
}): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const offTrade = subscribe(TOPICS.forexTrade, (data) => {
      if (Array.isArray(data)) ref.current.onTrade(data.filter(isOrder));
    });
    const offClosed = subscribe(TOPICS.forexClosed, (data) => {
      if (isOrder(data)) ref.current.onClosed(data);
    });
    return () => {
      offTrade();
      offClosed();
    };
  }, []);
}
