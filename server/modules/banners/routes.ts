import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOME_BANNER_ID } from '../../db/schema';
import { CSV_BATCH, csvAnswer, sendCsv, type CsvColumn } from '../../lib/csv';
import { badRequest, notFound } from '../../lib/errors';
import { answers } from '../../lib/responses';
import { storeImage, type StoredImage } from '../../lib/uploads';
import { pagingResult, activeOrInactive } from '../../lib/validation';
import {
  createBannerRepository,
  toBannerDto,
  type BannerPlace,
  type BannerRow,
} from './repository';
import {
  byCategoryAnswer,
  byCategoryParams,
  byCategoryQuery,
  createBannerBody,
  deleteBannerBody,
  editBannerBody,
  exportBannersParams,
  exportBannersQuery,
  getBannerParams,
  oneBanner,
} from './schemas';
import { readRepository } from '../../plugins/readReplica';

export const MAX_BANNER_IMAGES = 10;

const BANNER_CSV_COLUMNS: CsvColumn<BannerRow>[] = [
  { header: 'Title', cell: (b) => b.title },
  { header: 'Category ID', cell: (b) => b.categoryId ?? HOME_BANNER_ID },
  { header: 'Images', cell: (b) => b.imageUrls.join(' ') },
  { header: 'Status', cell: (b) => b.status },
  { header: 'Created (IST)', cell: (b) => b.createdAt },
];

const NO_CATEGORY = 'This category does not exist. Choose another category or Home Banner.';

/** Banner calls (spec 000 §7): every answer, errors included, spells the code `statuscode`. */
const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createBannerRepository(app.db);
  const reads = readRepository(app, repo, createBannerRepository);
  const config = { access: 'banners', envelope: 'statuscode' } as const;

  /** '' and 123456789 are the Home banners (null); any other id must be a category. */
  async function resolvePlace(id: string): Promise<BannerPlace> {
    if (id === '' || id === HOME_BANNER_ID) return null;
    if (!(await repo.categoryExists(id))) throw notFound(NO_CATEGORY);
    return id;
  }

  function checkCount(files: Buffer[]) {
    if (files.length > MAX_BANNER_IMAGES) {
      throw badRequest(`A banner can have at most ${MAX_BANNER_IMAGES} images.`);
    }
  }

  /**
   * Stores every image, then runs `write` with their paths. If any image is refused or the write
   * fails, the images this request stored are removed again, so a failed call leaves none.
   */
  async function withStoredImages<T>(
    files: Buffer[],
    write: (urls: string[]) => Promise<T>,
  ): Promise<T> {
    const stored: StoredImage[] = [];
    try {
      for (const bytes of files) stored.push(await storeImage(app.uploads, bytes));
      return await write(stored.map((s) => s.url));
    } catch (err) {
      // The same picture sent twice is stored once: remove each created image once.
      const created = new Set(stored.filter((s) => s.created).map((s) => s.url));
      await Promise.all([...created].map((url) => app.uploads.remove(url)));
      throw err;
    }
  }

  app.get(
    '/by-category/:id',
    {
      config,
      schema: {
        params: byCategoryParams,
        querystring: byCategoryQuery,
        response: byCategoryAnswer,
      },
    },
    async (request) => {
      const q = request.query;
      const categoryId = await resolvePlace(request.params.id);
      const status = activeOrInactive(q.status);
      const { rows, total } = await reads(request).list({
        ...q,
        categoryId,
        status,
        order: q.sortOrder,
      });
      return ok('Banners', {
        banners: rows.map(toBannerDto),
        ...pagingResult(total, q.page, q.limit),
      });
    },
  );

  // Addition: the banners of a category (or Home, 123456789) as CSV, with by-category's
  // parameters but no paging.
  app.get(
    '/export-banners/:id',
    {
      config,
      schema: {
        params: exportBannersParams,
        querystring: exportBannersQuery,
        response: csvAnswer('banners', 'Every banner of the category with its search and sort'),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const categoryId = await resolvePlace(request.params.id);
      const status = activeOrInactive(q.status);
      return sendCsv(request, reply, {
        name: 'banners',
        columns: BANNER_CSV_COLUMNS,
        batches: reads(request).exportRows(
          { categoryId, status, search: q.search || undefined, sort: q.sort, order: q.sortOrder },
          CSV_BATCH,
        ),
      });
    },
  );

  // Addition: one banner by id, so a reloaded edit or view screen can fill itself.
  app.get(
    '/get-banner/:id',
    { config, schema: { params: getBannerParams, response: oneBanner } },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound('This banner does not exist.');
      return ok('Banner', { banner: toBannerDto(row) });
    },
  );

  app.post(
    '/create-banner',
    {
      config: { ...config, upload: { files: MAX_BANNER_IMAGES } },
      schema: {
        body: createBannerBody,
        response: oneBanner,
      },
    },
    async (request) => {
      const { title, image, categoryId } = request.body;
      if (!image.length) throw badRequest('Please choose at least one image for the banner.');
      checkCount(image);
      const place = await resolvePlace(categoryId ?? '');
      const created = await withStoredImages(image, (imageUrls) =>
        repo.create({ title, categoryId: place, imageUrls }),
      );
      return ok(`Banner ${title} created successfully`, { banner: toBannerDto(created) });
    },
  );

  app.post(
    '/edit-banner',
    {
      config: { ...config, upload: { files: MAX_BANNER_IMAGES } },
      schema: {
        body: editBannerBody,
        response: oneBanner,
      },
    },
    async (request) => {
      const { bannerId: id, title, image, categoryId } = request.body;
      const existing = await repo.findById(id);
      if (!existing) throw notFound('This banner does not exist.');
      checkCount(image);
      const place = categoryId === undefined ? undefined : await resolvePlace(categoryId);
      // New files replace the whole list; no file keeps it.
      const updated = await withStoredImages(image, (imageUrls) =>
        repo.update(id, {
          ...(title ? { title } : {}),
          ...(place !== undefined ? { categoryId: place } : {}),
          ...(imageUrls.length ? { imageUrls } : {}),
        }),
      );
      if (!updated) throw notFound('This banner does not exist.');
      return ok(`Banner ${updated.title} updated successfully`, { banner: toBannerDto(updated) });
    },
  );

  app.post(
    '/delete-banner',
    { config, schema: { body: deleteBannerBody, response: answers() } },
    async (request) => {
      const deleted = await repo.delete(request.body.bannerId);
      if (!deleted) throw notFound('This banner does not exist.');
      // Image files are named by content and may be shared with other records: they stay.
      return ok(`Banner ${deleted.title} deleted successfully`);
    },
  );
};

export default bannerRoutes;
