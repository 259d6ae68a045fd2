import { action } from '@/providers/actions';

/** A day without deliveries: everywhere (no pin codes) or in the pin codes listed. */
export interface Holiday {
  _id: string;
  day: string;
  name: string;
  /** Empty: every pin code. */
  pincodes: string[];
  /** Paid plans due that day end one scheduled day later. */
  extendPlans: boolean;
  createdAt: string;
}

export interface HolidayInput {
  day: string;
  name: string;
  pincodes?: string[];
  extendPlans?: boolean;
}

/** The roster's settings: the India time (HH:MM) at which the next day's orders are made. */
export interface RosterSettings {
  cutoff: string;
}

/** Holidays and the cut-off, under Settings (docs/api.md, "Subscriptions": issue 35). */
export const holidayActions = {
  /** A holiday, and how many paid plans it extended. */
  addHoliday: action<HolidayInput, { holiday: Holiday; extended: number }>({
    method: 'POST',
    path: 'holiday/add',
    bodyKind: 'json',
    fields: ['day', 'name', 'pincodes', 'extendPlans'],
  }),
  getRosterSettings: action<Record<string, never>, RosterSettings>({
    method: 'GET',
    path: 'roster/get-settings',
    resultKey: 'settings',
  }),
  updateRosterSettings: action<RosterSettings>({
    method: 'POST',
    path: 'roster/update-settings',
    bodyKind: 'json',
    fields: ['cutoff'],
  }),
};
