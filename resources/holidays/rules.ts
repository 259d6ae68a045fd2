const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A cut-off as the server takes it: HH:MM on a 24-hour clock. */
export const cutoffValid = (value: unknown) =>
  typeof value === 'string' && HH_MM.test(value.trim()) ? undefined : 'app.holidays.cutoff_format';

/** Some pin codes, unless the holiday is for all of them. */
export const pincodesChosen = (value: unknown, values: Record<string, unknown>) =>
  values.everywhere || (Array.isArray(value) && value.length > 0)
    ? undefined
    : 'app.holidays.pincodes_required';

/** What holiday/add is sent: no pin codes means all of them. */
export function toHoliday(values: Record<string, unknown>) {
  const pincodes = Array.isArray(values.pincodes) ? (values.pincodes as string[]) : [];
  return {
    day: String(values.day ?? ''),
    name: String(values.name ?? '').trim(),
    ...(!values.everywhere && { pincodes }),
    extendPlans: values.extendPlans === true,
  };
}
