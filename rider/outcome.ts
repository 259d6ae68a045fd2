import type { QueuedAction } from './queue';
import type { Outcome, Stop } from './types';

/** The outcome a waiting action will give its stop, shown before the server has it. */
export function waitingOutcome(action: QueuedAction): Outcome | null {
  if (action.kind === 'deliver') {
    return {
      kind: 'delivered',
      at: action.createdAt,
      emptiesCollected: action.body.emptiesCollected,
      collected: action.body.collected,
    };
  }
  if (action.kind === 'not-delivered') {
    return { kind: 'not-delivered', reason: action.body.reason, at: action.createdAt };
  }
  return null;
}

export interface StopView {
  stop: Stop;
  /** The server's outcome, else the one waiting to send. */
  outcome: Outcome | null;
  /** Something of this stop is still waiting to send. */
  waiting: boolean;
  done: boolean;
}

export function viewStops(stops: Stop[], waiting: QueuedAction[]): StopView[] {
  return stops.map((stop) => {
    const own = waiting.filter((action) => action.orderId === stop.orderId);
    const outcome =
      stop.outcome ?? own.map(waitingOutcome).find((candidate) => candidate !== null) ?? null;
    return {
      stop,
      outcome,
      waiting: own.length > 0,
      done: outcome !== null || stop.status === 'Delivered' || stop.status === 'Cancelled',
    };
  });
}
