/** Wording of the subCategories screens (spec 000), merged into the catalogue as `app.subCategories.*`. */
export const messages = {
  title: 'Sub Categories',
  add_title: 'Add Sub Category',
  edit_title: 'Edit Sub Category',
  view_title: 'Sub Category Details',
  add_failed: 'Failed to add Sub Category. Please try again.',
  edit_failed: 'Failed to edit sub category. Please try again.',
  delete_failed: 'Failed to delete sub category. Please try again.',
};
