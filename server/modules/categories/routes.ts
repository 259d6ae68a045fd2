import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_BATCH, csvAnswer, sendCsv, type CsvColumn } from '../../lib/csv';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { withStoredImage } from '../../lib/uploads';
import { IMAGE_UPLOAD, pagingResult, activeOrInactive } from '../../lib/validation';
import { createEcommerceCategoryList } from '../ecommerce/categoryList';
import { taxColumnsOf } from '../products/tax';
import { createCategoryRepository, toCategoryDto, type CategoryRow } from './repository';
import {
  categoryList,
  createCategoryBody,
  editCategoryBody,
  exportCategoriesQuery,
  getCategoryParams,
  oneCategory,
  viewAllCategoriesQuery,
} from './schemas';
import { CATEGORY_FIELDS, diffRecords, editedWords } from '../../plugins/auditWords';
import { readRepository } from '../../plugins/readReplica';

const CATEGORY_CSV_COLUMNS: CsvColumn<CategoryRow>[] = [
  { header: 'Name', cell: (c) => c.name },
  { header: 'Title', cell: (c) => c.title },
  { header: 'Kind', cell: (c) => c.kind },
  { header: 'Description', cell: (c) => c.description },
  { header: 'Status', cell: (c) => c.status },
  { header: 'Created (IST)', cell: (c) => c.createdAt },
];

const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createCategoryRepository(app.db);
  const reads = readRepository(app, repo, createCategoryRepository);
  const ecommerceCategories = readRepository(
    app,
    createEcommerceCategoryList(app.db),
    createEcommerceCategoryList,
  );

  async function writeErrors<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'categories_name_key')) {
        throw conflict('A category with this name already exists. Choose another name.');
      }
      if (isUniqueViolation(err, 'categories_kind_key')) {
        throw conflict(
          'There is already a category of this kind. Each service kind has one category.',
        );
      }
      throw err;
    }
  }

  app.get(
    '/view-all-categories',
    {
      config: { access: 'signedIn' },
      schema: {
        querystring: viewAllCategoriesQuery,
        response: categoryList,
      },
    },
    async (request) => {
      const q = request.query;
      const status = activeOrInactive(q.status);
      if (q.kind === 'ecommerce') {
        const result = await ecommerceCategories(request)({ ...q, status });
        return ok('Categories', result);
      }
      const { rows, total } = await reads(request).list({ ...q, status, order: q.sortOrder });
      return ok('Categories', {
        categories: rows.map(toCategoryDto),
        ...pagingResult(total, q.page, q.limit),
      });
    },
  );

  // Addition: the categories list as CSV, with view-all-categories' parameters but no paging.
  app.get(
    '/export-categories',
    {
      config: { access: 'signedIn' },
      schema: {
        querystring: exportCategoriesQuery,
        response: csvAnswer('categories', 'Every category of the list with its search and sort'),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const status = activeOrInactive(q.status);
      return sendCsv(request, reply, {
        name: 'categories',
        columns: CATEGORY_CSV_COLUMNS,
        batches: reads(request).exportRows(
          { status, search: q.search || undefined, sort: q.sort, order: q.sortOrder },
          CSV_BATCH,
        ),
      });
    },
  );

  // Addition: one category by id, so a reloaded edit or view screen can fill itself.
  app.get(
    '/get-category/:id',
    {
      config: { access: 'signedIn' },
      schema: { params: getCategoryParams, response: oneCategory },
    },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound('This category does not exist.');
      return ok('Category', { category: toCategoryDto(row) });
    },
  );

  app.post(
    '/create-category',
    {
      config: { access: 'serviceManagement', upload: IMAGE_UPLOAD },
      schema: {
        body: createCategoryBody,
        response: oneCategory,
      },
    },
    async (request) => {
      const { image, hsnCode, gstRate, ...fields } = request.body;
      const tax = taxColumnsOf({ hsnCode, gstRate });
      const created = await withStoredImage(app.uploads, image, (url) =>
        writeErrors(() => repo.create({ ...fields, ...tax, image: url! })),
      );
      return ok(`Category ${fields.name} created successfully`, {
        category: toCategoryDto(created),
      });
    },
  );

  app.post(
    '/edit-category',
    {
      config: { access: 'serviceManagement', upload: IMAGE_UPLOAD },
      schema: {
        body: editCategoryBody,
        response: oneCategory,
      },
    },
    async (request) => {
      const { categoryId: id, name, image, hsnCode, gstRate, ...fields } = request.body;
      const existing = await repo.findById(id);
      if (!existing) throw notFound('This category does not exist.');
      if (name && name !== existing.name) {
        throw badRequest('The category name cannot be changed.');
      }
      const newImage = Buffer.isBuffer(image) ? image : undefined;
      const updated = await withStoredImage(app.uploads, newImage, (url) =>
        repo.update(id, {
          ...fields,
          ...taxColumnsOf({ hsnCode, gstRate }),
          ...(url ? { image: url } : {}),
        }),
      );
      const changes = diffRecords(existing, updated ?? existing, CATEGORY_FIELDS);
      request.audit({ summary: editedWords('category', existing.name, changes), changes });
      return ok(`Category ${existing.name} updated successfully`, {
        category: toCategoryDto(updated ?? existing),
      });
    },
  );
};

export default categoryRoutes;
