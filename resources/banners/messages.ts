/** Wording of the banners screens (spec 000), merged into the catalogue as `app.banners.*`. */
export const messages = {
  home: 'Home Banner',
  list_title: '%{name} Banners',
  add_title: 'Add Banner',
  edit_title: 'Edit Banner',
  view_title: 'Banner Details',
  images: 'Images',
  image_count: '%{smart_count} image |||| %{smart_count} images',
  category: 'Category',
  current_images: 'Current images',
  images_help_add: 'One or more images: JPEG, PNG, WebP or GIF, up to 5 MB each, at most 10.',
  images_help_edit:
    'Leave empty to keep the current images. New images replace all of the current ones.',
  image_alt: '%{title}, image %{n}',
  add_failed: 'Failed to add banner. Please try again.',
  edit_failed: 'Failed to update banner. Please try again.',
  delete_failed: 'Failed to delete banner. Please try again.',
};
