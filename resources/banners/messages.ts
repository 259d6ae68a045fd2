/** Wording of the banners screens (spec 000), merged into the catalogue as `app.banners.*`. */
export const messages = {};
