import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRICE_EDITORS } from '../../permissions';
import type { CategoryKind } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { withStoredImage } from '../../lib/uploads';
import { IMAGE_UPLOAD } from '../../lib/validation';
import { inOrdersMessage } from '../orders/repository';
import { createSubCategoryRepository } from '../subCategories/repository';
import { createProductRepository, toProductDto, type ProductValues } from './repository';
import { checkPrices, findCategory, itemToEdit, replacedImage } from './rules';
import { returnableColumnsOf, taxColumnsOf } from './tax';
import {
  byCategoryAnswer,
  byCategoryQuery,
  createProductBody,
  deleteProductBody,
  editProductBody,
  getProductParams,
  oneProduct,
} from './schemas';
import { PRODUCT_FIELDS, diffRecords, editedWords } from '../../plugins/auditWords';
import { readRepository } from '../../plugins/readReplica';

const MISSING = 'This product does not exist.';
const TIFFIN = 'Tiffin categories sell meal plans, not products. Add a plan under Plans instead.';

/** Products of a category (spec 000 §7); the answers carry the written record. */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createProductRepository(app.db);
  const reads = readRepository(app, repo, createProductRepository);
  const subCategories = createSubCategoryRepository(app.db);

  async function productCategory(id: string) {
    const category = await findCategory(app.db, id);
    if (category.kind === 'tiffin') throw badRequest(TIFFIN);
    return category;
  }

  /** The kind rules: litres for water only, a sub-category of the same category for laundry. */
  async function kindRules(
    category: { id: string; kind: CategoryKind },
    input: { quantity?: number; subCategoryId?: string },
  ): Promise<Pick<ProductValues, 'quantity' | 'subCategoryId'>> {
    if (category.kind === 'water') {
      if (input.quantity === undefined) {
        throw badRequest('Litres quantity is required for water products.');
      }
    } else if (input.quantity !== undefined) {
      throw badRequest('Litres quantity applies to water products only. Leave it empty.');
    }
    if (category.kind === 'laundry') {
      if (!input.subCategoryId) {
        throw badRequest('Please choose a sub category for the laundry product.');
      }
      const sub = await subCategories.findById(input.subCategoryId);
      if (!sub) throw notFound('This sub category does not exist.');
      if (sub.categoryId !== category.id) {
        throw badRequest(
          'The sub category belongs to another category. Choose one of this category.',
        );
      }
    } else if (input.subCategoryId) {
      throw badRequest('Only laundry products have a sub category. Leave it empty.');
    }
    return { quantity: input.quantity ?? null, subCategoryId: input.subCategoryId ?? null };
  }

  app.get(
    '/by-category',
    {
      config: { access: 'signedIn' },
      schema: {
        querystring: byCategoryQuery,
        // The spec's list is the array itself, not an object around it.
        response: byCategoryAnswer,
      },
    },
    async (request) => {
      const category = await productCategory(request.query.searchId);
      const rows = await reads(request).listByCategory(category.id, request.query.limit);
      return ok('Products', rows.map(toProductDto));
    },
  );

  // Addition: one product by id, so a reloaded edit or view screen can fill itself.
  app.get(
    '/get-product/:id',
    {
      config: { access: 'signedIn' },
      schema: { params: getProductParams, response: oneProduct },
    },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound(MISSING);
      return ok('Product', { product: toProductDto(row) });
    },
  );

  app.post(
    '/create-product',
    {
      config: { access: 'serviceManagement', upload: IMAGE_UPLOAD },
      schema: {
        body: createProductBody,
        response: oneProduct,
      },
    },
    async (request) => {
      const { image, categoryId, quantity, subCategoryId, returnable, deposit, ...rest } =
        request.body;
      const { hsnCode, gstRate, ...fields } = rest;
      checkPrices(fields);
      const category = await productCategory(categoryId);
      const kind = await kindRules(category, { quantity, subCategoryId });
      const tax = {
        ...(await returnableColumnsOf(app.db, { returnable, deposit })),
        ...taxColumnsOf({ hsnCode, gstRate }),
      };
      const created = await withStoredImage(app.uploads, image, (url) =>
        repo.create({ ...fields, ...kind, ...tax, categoryId: category.id, image: url! }),
      );
      return ok(`Product ${created.name} created successfully`, { product: toProductDto(created) });
    },
  );

  app.post(
    '/edit-product',
    {
      // Prices are also changed from the pricing screen (Pricing Management).
      config: { access: PRICE_EDITORS, upload: IMAGE_UPLOAD },
      schema: {
        body: editProductBody,
        response: oneProduct,
      },
    },
    async (request) => {
      const { productId: id, image, categoryId, quantity, subCategoryId, ...rest } = request.body;
      const { returnable, deposit, hsnCode, gstRate, ...fields } = rest;
      checkPrices(fields);
      const existing = await itemToEdit(() => repo.findById(id), categoryId, {
        missing: MISSING,
        noun: 'product',
      });
      const category = await findCategory(app.db, existing.categoryId);
      const kind = await kindRules(category, { quantity, subCategoryId });
      const tax = {
        ...(await returnableColumnsOf(app.db, { returnable, deposit }, existing)),
        ...taxColumnsOf({ hsnCode, gstRate }),
      };
      const updated = await withStoredImage(app.uploads, replacedImage(image), (url) =>
        repo.update(id, { ...fields, ...kind, ...tax, ...(url ? { image: url } : {}) }),
      );
      if (!updated) throw notFound(MISSING);
      const changes = diffRecords(existing, updated, PRODUCT_FIELDS);
      request.audit({ summary: editedWords('product', existing.name, changes), changes });
      return ok(`Product ${updated.name} updated successfully`, { product: toProductDto(updated) });
    },
  );

  app.post(
    '/delete-product',
    {
      config: { access: 'serviceManagement' },
      schema: { body: deleteProductBody, response: oneProduct },
    },
    async (request) => {
      const existing = await repo.findById(request.body.productId);
      if (!existing) throw notFound(MISSING);
      const outcome = await repo.removeUnlessOrdered(existing.id);
      if ('inOrders' in outcome) throw conflict(inOrdersMessage('product', outcome.inOrders));
      return ok(`Product ${existing.name} deleted successfully`, {
        product: toProductDto(existing),
      });
    },
  );
};

export default productRoutes;
