/** Wording of the deliverySettings screens (spec 000), merged into the catalogue as `app.deliverySettings.*`. */
export const messages = {
  charges_title: 'Delivery Charges',
  times_title: 'Delivery Times',
  standard_charge: 'Standard Charge (₹)',
  emergency_charge: 'Emergency Charge (₹)',
  gst: 'GST (%)',
  pickup_time: 'Pickup Time',
  delivery_time: 'Delivery Time',
  gap_hours: 'Gap Hours',
  pickup_help: 'e.g. 8:00 AM - 11:00 AM',
  delivery_help: 'e.g. 5:00 PM - 8:00 PM',
  gap_help: 'Hours between pickup and delivery.',
  whole_hours: 'Gap hours must be a whole number.',
  emergency_alert: 'Emergency alert after (minutes)',
  emergency_alert_help:
    'An open emergency order this old raises a loud "running late" alert for dispatch (90 of a 2-hour promise).',
  alert_range: 'Emergency alert must be a whole number of minutes from %{least} to %{most}.',
  charges_failed: 'Failed to edit charges. Please try again.',
  times_failed: 'Failed to update delivery time.',
};
