import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRICE_EDITORS } from '../../permissions';
import { OXYGEN_ACCESSORY_TYPES, WATER_ACCESSORY_TYPES, type CategoryKind } from '../../db/schema';
import { badRequest, conflict, isForeignKeyViolation, notFound } from '../../lib/errors';
import { withStoredImage } from '../../lib/uploads';
import { IMAGE_UPLOAD } from '../../lib/validation';
import { checkPrices, findCategory, itemToEdit, replacedImage } from '../products/rules';
import { returnableColumnsOf, taxColumnsOf } from '../products/tax';
import { createAccessoryRepository, toAccessoryDto } from './repository';
import {
  accessoriesByCategoryBody,
  accessoryList,
  accessoryParams,
  createAccessoryBody,
  deleteAccessoryBody,
  editAccessoryBody,
  oneAccessory,
} from './schemas';
import { ACCESSORY_FIELDS, diffRecords, editedWords } from '../../plugins/auditWords';

const MISSING = 'This accessory does not exist.';
const ONLY_WATER_OXYGEN = 'Accessories are sold only in the water and oxygen categories.';

/** Accessory types per category kind (spec 000 §3). */
const TYPES_BY_KIND: Partial<Record<CategoryKind, readonly string[]>> = {
  water: WATER_ACCESSORY_TYPES,
  oxygen: OXYGEN_ACCESSORY_TYPES,
};

/** Accessories of the water and oxygen categories (spec 000 §7). */
const accessoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAccessoryRepository(app.db);

  async function accessoryCategory(id: string) {
    const category = await findCategory(app.db, id);
    const types = TYPES_BY_KIND[category.kind];
    if (!types) throw badRequest(ONLY_WATER_OXYGEN);
    return { ...category, types };
  }

  function checkType(type: string, category: { kind: CategoryKind; types: readonly string[] }) {
    if (!category.types.includes(type)) {
      throw badRequest(
        `Type must be one of: ${category.types.join(', ')} for ${category.kind} accessories.`,
      );
    }
  }

  app.post(
    '/get-accessories-by-category',
    {
      // A read sent as POST (the spec's shape): nothing to audit.
      config: { access: 'signedIn', audit: false },
      schema: {
        body: accessoriesByCategoryBody,
        response: accessoryList,
      },
    },
    async (request) => {
      const category = await accessoryCategory(request.body.categoryId);
      const rows = await repo.listByCategory(category.id, request.body.limit);
      return ok('Accessories', { accessories: rows.map(toAccessoryDto) });
    },
  );

  // Addition: one accessory by id, so a reloaded edit or view screen can fill itself.
  app.get(
    '/get-accessory/:id',
    {
      config: { access: 'signedIn' },
      schema: { params: accessoryParams, response: oneAccessory },
    },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound(MISSING);
      return ok('Accessory', { accessory: toAccessoryDto(row) });
    },
  );

  app.post(
    '/create',
    {
      config: { access: 'serviceManagement', upload: IMAGE_UPLOAD },
      schema: {
        body: createAccessoryBody,
        response: oneAccessory,
      },
    },
    async (request) => {
      const { image, categoryId, returnable, deposit, hsnCode, gstRate, ...fields } = request.body;
      checkPrices(fields);
      const category = await accessoryCategory(categoryId);
      checkType(fields.type, category);
      const tax = {
        ...(await returnableColumnsOf(app.db, { returnable, deposit })),
        ...taxColumnsOf({ hsnCode, gstRate }),
      };
      const created = await withStoredImage(app.uploads, image, (url) =>
        repo.create({ ...fields, ...tax, categoryId: category.id, imageUrl: url! }),
      );
      return ok(`Accessory ${created.name} created successfully`, {
        accessory: toAccessoryDto(created),
      });
    },
  );

  app.post(
    '/edit-accessory',
    {
      // Prices are also changed from the pricing screen (Pricing Management).
      config: { access: PRICE_EDITORS, upload: IMAGE_UPLOAD },
      schema: {
        body: editAccessoryBody,
        response: oneAccessory,
      },
    },
    async (request) => {
      const { accessoryId: id, image, categoryId, ...rest } = request.body;
      const { returnable, deposit, hsnCode, gstRate, ...fields } = rest;
      checkPrices(fields);
      const existing = await itemToEdit(() => repo.findById(id), categoryId, {
        missing: MISSING,
        noun: 'accessory',
      });
      checkType(fields.type, await accessoryCategory(existing.categoryId));
      const tax = {
        ...(await returnableColumnsOf(app.db, { returnable, deposit }, existing)),
        ...taxColumnsOf({ hsnCode, gstRate }),
      };
      const updated = await withStoredImage(app.uploads, replacedImage(image), (url) =>
        repo.update(id, { ...fields, ...tax, ...(url ? { imageUrl: url } : {}) }),
      );
      if (!updated) throw notFound(MISSING);
      const changes = diffRecords(existing, updated, ACCESSORY_FIELDS);
      request.audit({ summary: editedWords('accessory', existing.name, changes), changes });
      return ok(`Accessory ${updated.name} updated successfully`, {
        accessory: toAccessoryDto(updated),
      });
    },
  );

  app.post(
    '/delete-accessory',
    {
      config: { access: 'serviceManagement' },
      schema: { body: deleteAccessoryBody, response: oneAccessory },
    },
    async (request) => {
      const existing = await repo.findById(request.body.accessoryId);
      if (!existing) throw notFound(MISSING);
      try {
        await repo.remove(existing.id);
      } catch (err) {
        if (isForeignKeyViolation(err)) {
          throw conflict('This accessory is used by orders and cannot be deleted.');
        }
        throw err;
      }
      return ok(`Accessory ${existing.name} deleted successfully`, {
        accessory: toAccessoryDto(existing),
      });
    },
  );
};

export default accessoryRoutes;
