import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { withStoredImage } from '../../lib/uploads';
import { IMAGE_UPLOAD } from '../../lib/validation';
import { findCategory } from '../products/rules';
import { createSubCategoryRepository, toSubCategoryDto } from './repository';
import {
  byCategoryIdAnswer,
  byCategoryIdParams,
  byCategoryIdQuery,
  createSubCategoryBody,
  deleteSubCategoryBody,
  editSubCategoryBody,
  getSubCategoryParams,
  oneSubCategory,
} from './schemas';
import { SUB_CATEGORY_FIELDS, diffRecords, editedWords } from '../../plugins/auditWords';
import { readRepository } from '../../plugins/readReplica';

const ONLY_LAUNDRY = 'Only laundry categories have sub-categories.';
const MISSING = 'This sub category does not exist.';

function inUseMessage(n: number) {
  return `This sub category is used by ${n} ${n === 1 ? 'product' : 'products'}. Move or delete ${n === 1 ? 'it' : 'them'} first.`;
}

/** Sub-categories of the laundry kind (spec 000 §7); the answers carry the written record. */
const subCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createSubCategoryRepository(app.db);
  const reads = readRepository(app, repo, createSubCategoryRepository);

  async function laundryCategory(id: string) {
    const category = await findCategory(app.db, id);
    if (category.kind !== 'laundry') throw badRequest(ONLY_LAUNDRY);
    return category;
  }

  app.get(
    '/by-categoryId/:categoryId',
    {
      config: { access: 'signedIn' },
      schema: {
        params: byCategoryIdParams,
        querystring: byCategoryIdQuery,
        response: byCategoryIdAnswer,
      },
    },
    async (request) => {
      const category = await laundryCategory(request.params.categoryId);
      const rows = await reads(request).listByCategory(category.id, request.query.limit);
      return ok('Sub categories', { subCategories: rows.map(toSubCategoryDto) });
    },
  );

  // Addition: one sub-category by id, so a reloaded edit or view screen can fill itself.
  app.get(
    '/get-subCategory/:id',
    {
      config: { access: 'signedIn' },
      schema: { params: getSubCategoryParams, response: oneSubCategory },
    },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound(MISSING);
      return ok('Sub category', { subCategory: toSubCategoryDto(row) });
    },
  );

  app.post(
    '/create-subCategory',
    {
      config: { access: 'serviceManagement', upload: IMAGE_UPLOAD },
      schema: {
        body: createSubCategoryBody,
        response: oneSubCategory,
      },
    },
    async (request) => {
      const { image, categoryId, ...fields } = request.body;
      const category = await laundryCategory(categoryId);
      const created = await withStoredImage(app.uploads, image, (url) =>
        repo.create({ ...fields, categoryId: category.id, image: url! }),
      );
      return ok(`Sub Category ${created.name} created successfully`, {
        subCategory: toSubCategoryDto(created),
      });
    },
  );

  app.post(
    '/edit-subCategory',
    {
      config: { access: 'serviceManagement', upload: IMAGE_UPLOAD },
      schema: {
        body: editSubCategoryBody,
        response: oneSubCategory,
      },
    },
    async (request) => {
      const { subCategoryId: id, image, ...fields } = request.body;
      const existing = await repo.findById(id);
      if (!existing) throw notFound(MISSING);
      const newImage = Buffer.isBuffer(image) ? image : undefined;
      const updated = await withStoredImage(app.uploads, newImage, (url) =>
        repo.update(id, { ...fields, ...(url ? { image: url } : {}) }),
      );
      if (!updated) throw notFound(MISSING);
      const changes = diffRecords(existing, updated, SUB_CATEGORY_FIELDS);
      request.audit({ summary: editedWords('sub-category', existing.name, changes), changes });
      return ok(`Sub Category ${updated.name} updated successfully`, {
        subCategory: toSubCategoryDto(updated),
      });
    },
  );

  app.post(
    '/delete-subCategory',
    {
      config: { access: 'serviceManagement' },
      schema: { body: deleteSubCategoryBody, response: oneSubCategory },
    },
    async (request) => {
      const id = request.body.subCategoryId;
      const existing = await repo.findById(id);
      if (!existing) throw notFound(MISSING);
      const outcome = await repo.removeUnlessUsed(id);
      if ('inUse' in outcome) throw conflict(inUseMessage(outcome.inUse));
      return ok(`Sub Category ${existing.name} deleted successfully`, {
        subCategory: toSubCategoryDto(existing),
      });
    },
  );
};

export default subCategoryRoutes;
