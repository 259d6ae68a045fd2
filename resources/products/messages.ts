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
  // GST classification and returnable deposits (issue 16), on products, accessories, categories.
  hsn_digits:
    'HSN/SAC code must be 4, 6 or 8 digits, e.g. 2201 or 22011010 (a service: 6 digits starting with 99).',
  sac_digits: 'A SAC code (a service) is 6 digits starting with 99, e.g. 999712.',
  hsn_00:
    'HSN/SAC code cannot start with 00: HSN chapters run from 01 to 98, SAC codes start with 99.',
  gst_rate: 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 12, 18, 28 or 40 %.',
  deposit_required: 'Please enter the deposit of a returnable item in rupees (0 if you take none).',
  deposit_number: 'Deposit must be a number of rupees, e.g. 150.',
  deposit_negative: 'Deposit must be 0 or more.',
  deposit_too_big: 'Deposit must be at most ₹1,00,000.',
  deposit_paise: 'Deposit can have at most 2 decimals (paise), e.g. 150.50.',
};
