import { action } from '@/providers/actions';

/** One line of a day's counts: a service's item, in one slot and pin code. */
export interface RosterRow {
  serviceId: string;
  serviceName: string;
  serviceKind: string;
  itemId: string;
  itemName: string;
  slot: string;
  pincode: string;
  deliveries: number;
  quantity: number;
}

export interface RosterTotals {
  deliveries: number;
  quantity: number;
  /** What to cook or load: the kitchen's meals, the jars and cylinders. */
  byItem: { serviceName: string; itemName: string; deliveries: number; quantity: number }[];
  bySlot: { slot: string; deliveries: number; quantity: number }[];
}

/**
 * A day's deliveries (GET roster/get-roster). `made`: its orders exist and the counts are
 * theirs (not cancelled); otherwise projected from the subscriptions due that day.
 */
export interface Roster {
  date: string;
  made: boolean;
  rows: RosterRow[];
  totals: RosterTotals;
}

export type RosterRunTrigger = 'clock' | 'admin';
export type RosterRunStatus = 'running' | 'done' | 'failed';

/** One run that made a day's orders (GET roster/runs), newest first. */
export interface RosterRun {
  _id: string;
  day: string;
  trigger: RosterRunTrigger;
  adminName: string | null;
  status: RosterRunStatus;
  generated: number;
  /** Due that day but not made, by reason: `{ paused: 3, holiday: 40 }`. */
  skipped: Record<string, number>;
  alreadyMade: number;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

/** What making a day now answers. */
export interface RosterGenerated {
  run: RosterRun;
  generated: number;
  skipped: Record<string, number>;
}

/** The roster's calls beside its runs' list (docs/api.md, "Subscriptions": issue 35). */
export const rosterActions = {
  getRoster: action<{ date: string; serviceId?: string }, Roster>({
    method: 'GET',
    path: 'roster/get-roster',
  }),
  /** The super-admin makes a day's orders now rather than at the cut-off. */
  generateRoster: action<{ date: string }, RosterGenerated>({
    method: 'POST',
    path: 'roster/generate',
    bodyKind: 'json',
    fields: ['date'],
  }),
};
