/** Wording of the accessories screens (spec 000), merged into the catalogue as `app.accessories.*`. */
export const messages = {
  title: 'Accessories',
  add_title: 'Add Accessory',
  edit_title: 'Edit Accessory',
  view_title: 'Accessory Details',
  add_failed: 'Failed to add accessory. Please try again.',
  edit_failed: 'Failed to edit Accessory. Please try again.',
  delete_failed: 'Failed to delete accessory. Please try again.',
  type_disabled: 'Accessory types exist for water and oxygen only.',
};
