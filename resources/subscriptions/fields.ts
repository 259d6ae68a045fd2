import type { RaRecord } from 'react-admin';

/** The product or the plan a subscription delivers. */
export const itemName = (r: RaRecord): string => String(r.productName ?? r.planName ?? '');

/** Whether a service's orders collect empties back (jars, cylinders). */
export const collectsEmpties = (kind: unknown) => kind === 'water' || kind === 'oxygen';
