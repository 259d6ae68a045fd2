/** Wording of the subCategories screens (spec 000), merged into the catalogue as `app.subCategories.*`. */
export const messages = {};
