/** Wording of the plans screens (spec 000), merged into the catalogue as `app.plans.*`. */
export const messages = {
  title: 'Tiffin Plans',
  add_title: 'Add Tiffin Plan',
  edit_title: 'Edit Tiffin Plan',
  view_title: 'Tiffin Plan Details',
  name: 'Name',
  duration: 'Duration (days)',
  price: 'Price (₹)',
  duration_column: 'Duration',
  price_column: 'Price',
  days: '%{smart_count} day |||| %{smart_count} days',
  whole_days: 'The duration is a whole number of days.',
  add_failed: 'Failed to add plan. Please try again.',
  edit_failed: 'Failed to edit plan. Please try again.',
  delete_failed: 'Failed to delete plan. Please try again.',
};
