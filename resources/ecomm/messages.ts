/** Wording of the ecomm screens (spec 001), merged into the catalogue as `app.ecomm.*`. */
export const messages = {
  products_title: 'E-commerce Products',
  categories_title: 'E-commerce Categories',
  image: 'Image',
  title: 'Title',
  brand: 'Brand',
  category: 'Category',
  price: 'Price (₹)',
  mrp: 'MRP %{price}',
  sold: 'Sold',
  sold_line: '%{count} sold',
  products_line: '%{smart_count} product |||| %{smart_count} products',
  name: 'Name',
  products: 'Products',
  status: 'Status',
  active: 'Active',
  inactive: 'Inactive',
};
