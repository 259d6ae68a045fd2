/** Wording of the pricing screens (spec 000), merged into the catalogue as `app.pricing.*`. */
export const messages = {
  title: '%{name} Pricing',
  intro:
    'Review and change the prices and stock of this category. Each row is saved on its own with Save.',
  products: 'Products',
  accessories: 'Accessories',
  name: 'Name',
  image: 'Image',
  price: 'Price (₹)',
  discount_price: 'Discount Price (₹)',
  stock: 'Stock',
  save: 'Save',
  field_of: '%{field} of %{name}',
  no_products: 'No products in this category yet.',
  no_accessories: 'No accessories in this category yet.',
  required: 'Required',
  not_negative: 'Must be 0 or more.',
  whole_number: 'Must be a whole number.',
  discount_above_price: 'Cannot be above the price.',
  product_failed: 'Failed to edit product. Please try again.',
  accessory_failed: 'Failed to edit Accessory. Please try again.',
};
