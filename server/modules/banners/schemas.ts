import { z } from 'zod';
import { answers, pagingFields, recordStatus, timestamp } from '../../lib/responses';
import {
  lineText,
  optionalText,
  pagingQuery,
  requiredId,
  requiredText,
  exportQuery,
} from '../../lib/validation';
import { BANNER_SORTS } from './repository';

const bannerId = requiredId('Banner id');

/**
 * The `image` field: one file, several files under the same name (an array of Buffers), or text
 * (an edit form that keeps its images). Only the files count.
 */
const imageFiles = z
  .union([z.instanceof(Buffer), z.string(), z.array(z.union([z.instanceof(Buffer), z.string()]))], {
    error: 'The image must be sent as a file.',
  })
  .optional()
  .transform((v) => (v === undefined ? [] : [v].flat().filter((x) => Buffer.isBuffer(x))));

/** Text, so that a multipart form can send it; blank or 123456789 means Home. */
const categoryField = lineText('Category id')
  .trim()
  .max(100, 'Category id must be at most 100 characters.')
  .optional();

/**
 * A banner as every call answers it (toBannerDto): `bannerId` repeats `_id`, `categoryId` is
 * 123456789 for the Home banners, and `imageUrl` lists the image paths.
 */
const bannerDto = z.object({
  _id: z.string(),
  bannerId: z.string(),
  title: z.string(),
  categoryId: z.string(),
  imageUrl: z.array(z.string()),
  status: recordStatus,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const oneBanner = answers(z.object({ banner: bannerDto }));

const bannerStatus = z.enum(['Active', 'Inactive', 'All', '']).optional();

const bannerSort = z
  .enum(Object.keys(BANNER_SORTS) as [keyof typeof BANNER_SORTS], {
    error: `Sort must be one of: ${Object.keys(BANNER_SORTS).join(', ')}.`,
  })
  .default('createdAt');

/** GET banner/by-category/:id: its path parameters. */
export const byCategoryParams = z.object({
  id: requiredId('Category id'),
});

/** GET banner/by-category/:id: its query. */
export const byCategoryQuery = z.object({
  ...pagingQuery,
  status: bannerStatus,
  sort: bannerSort,
});

/** GET banner/by-category/:id: its answer. */
export const byCategoryAnswer = answers(z.object({ banners: z.array(bannerDto), ...pagingFields }));

/** GET banner/export-banners/:id: its path parameters. */
export const exportBannersParams = z.object({ id: requiredId('Category id') });

/** GET banner/export-banners/:id: its query. */
export const exportBannersQuery = z.object({
  ...exportQuery,
  status: bannerStatus,
  sort: bannerSort,
});

/** GET banner/get-banner/:id: its path parameters. */
export const getBannerParams = z.object({ id: bannerId });

/** POST banner/create-banner: its body. */
export const createBannerBody = z.object({
  title: requiredText('Title'),
  image: imageFiles,
  categoryId: categoryField,
});

/** POST banner/edit-banner: its body. */
export const editBannerBody = z.object({
  bannerId,
  title: optionalText('Title'),
  image: imageFiles,
  categoryId: categoryField,
});

/** POST banner/delete-banner: its body. */
export const deleteBannerBody = z.object({ bannerId });
