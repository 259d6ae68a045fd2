/** Wording of the products screens (spec 000), merged into the catalogue as `app.products.*`. */
export const messages = {
  title: 'Products',
  add_title: 'Add Product',
  edit_title: 'Edit Product',
  view_title: 'Product Details',
  add_failed: 'Failed to add product. Please try again.',
  edit_failed: 'Failed to edit product. Please try again.',
  delete_failed: 'Failed to delete product. Please try again.',
  discount_above_price: 'Discount price cannot be more than the price.',
};
