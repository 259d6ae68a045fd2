import { action } from '@/providers/actions';

/** Figures of the whole range, a pin code or a rider (docs/api.md "Emergencies"). */
export interface EmergencyFigures {
  emergencies: number;
  delivered: number;
  open: number;
  cancelled: number;
  breached: number;
  /** Of the delivered ones' minutes to delivery; null when none was delivered. */
  medianMinutes: number | null;
  worstMinutes: number | null;
}

/** A pin code's or a rider's figures (`key` the pin code or rider id, '' for no rider). */
export interface EmergencyGroup extends EmergencyFigures {
  key: string;
  label: string;
}

/** One emergency order of the range. */
export interface EmergencyRow {
  _id: string;
  orderId: string;
  customer: { _id: string; name: string; phone: string };
  serviceName: string;
  pincode: string;
  rider: { _id: string; name: string } | null;
  status: string;
  state: 'delivered' | 'open' | 'cancelled';
  placedAt: string;
  deliveredAt: string | null;
  /** To delivery; while open, so far; null when cancelled. */
  minutes: number | null;
  breached: boolean;
}

export interface EmergencyReportResult {
  from: string;
  to: string;
  alertAfterMinutes: number;
  emergencies: EmergencyRow[];
  totalRecords: number;
  currentPage: number;
  totalPages: number;
  totals: EmergencyFigures;
  byPincode: EmergencyGroup[];
  byRider: EmergencyGroup[];
}

export interface EmergencyParams {
  from: string;
  to: string;
  page: number;
  limit: number;
}

/** The longest range report/emergencies takes (server/modules/reports: MOST_EMERGENCY_DAYS). */
export const MOST_EMERGENCY_DAYS = 92;

/** The Emergencies tab's report (issue 40). */
export const emergencyReportActions = {
  emergencyReport: action<EmergencyParams, EmergencyReportResult>({
    method: 'GET',
    path: 'report/emergencies',
  }),
};

/** Every emergency of the range as CSV (`from`, `to`). */
export const emergencyReportFiles = {
  emergenciesCsv: { path: 'report/export-emergencies', fileName: 'emergencies.csv' },
};
