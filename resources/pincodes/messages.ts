import { PIN_CODE_FORMAT_MESSAGE } from '@shared/pincode';

/** Wording of the pincodes screens (spec 000), merged into the catalogue as `app.pincodes.*`. */
export const messages = {
  title: 'Pin Codes',
  add_title: 'Add Pin Code',
  edit_title: 'Edit Pin Code',
  view_title: 'Pin Code Details',
  heading: 'Pin Code %{number}',
  number: 'Pin Code',
  pin_type: 'Pin Type',
  number_help: 'Six digits, e.g. 560034.',
  format: PIN_CODE_FORMAT_MESSAGE,
  add_failed: 'Failed to add pincode. Please try again.',
  edit_failed: 'Failed to edit pincode. Please try again.',
  delete_failed: 'Failed to delete pincode. Please try again.',
  area: 'Area',
  area_help: 'Optional: the locality, e.g. Andheri West.',
  city: 'City',
  city_help: 'Optional, e.g. Mumbai.',
  place: 'Area, city',
};
