/** The chart's periods, as `order/get-orders-by-filter` names them. */
export const CHART_TYPES = ['daily', 'weekly', 'monthly', 'quarterly'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
/** Spec 001 §9: the chart opens on months. */
export const DEFAULT_CHART_TYPE: ChartType = 'monthly';
