/** The Dues list's route; `?minDays=90` etc. filter it (the dashboard links to it). */
export const DUES_PATH = '/dues/1';
/** The Low balance list's route. */
export const LOW_BALANCE_PATH = '/low-balance/1';
