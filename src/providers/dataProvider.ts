import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { apiRequest, type ApiAnswer } from './httpClient';
import { createWholeListCache } from './wholeListCache';
import type { ApiCall, ResourceDeclaration } from './resource';

/** The answer of a write, with the server's message for the success notification. */
export interface WriteMeta {
  message?: string;
}

export type AppDataProvider = DataProvider;

/** The spec's records carry `_id`; react-admin wants `id`. Both are kept. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function withId(item: Record<string, unknown>): any {
  return { ...item, id: (item._id ?? item.id) as Identifier } satisfies RaRecord;
}

/** Fills `:id` with the record id and `:name` with `values.name`; used values leave `values`. */
function fillPath(path: string, id: Identifier | undefined, values: Record<string, unknown>) {
  const rest = { ...values };
  const filled = path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = name === 'id' ? id : rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`The call ${path} needs a value for ${name}`);
    }
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

function pickFields(call: ApiCall, data: Record<string, unknown>, id?: Identifier) {
  const names = call.fields ?? Object.keys(data).filter((f) => f !== 'id');
  const picked: Record<string, unknown> = {};
  for (const field of names) {
    if (field in data) picked[call.fieldNames?.[field] ?? field] = data[field];
  }
  if (call.idField && id !== undefined) picked[call.idField] = id;
  return picked;
}

/** A field of a record, `user.name` reading into nested objects. */
function fieldOf(record: Record<string, unknown>, field: string): unknown {
  return field
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], record);
}

/** Numbers by value, anything else as text (ISO dates sort by time); empty values first. */
function compareValues(a: unknown, b: unknown): number {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return Number(!empty(a)) - Number(!empty(b));
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true });
}

/** Sorts (stably) and pages a whole list the way a server-paged call would. */
function pageInMemory(
  items: Record<string, unknown>[],
  pagination?: { page: number; perPage: number },
  sort?: { field: string; order: string },
) {
  let rows = items;
  if (sort?.field) {
    const direction = sort.order === 'DESC' ? -1 : 1;
    rows = [...items].sort(
      (a, b) => direction * compareValues(fieldOf(a, sort.field), fieldOf(b, sort.field)),
    );
  }
  if (!pagination) return rows;
  const start = (pagination.page - 1) * pagination.perPage;
  return rows.slice(start, start + pagination.perPage);
}

function readResult(answer: ApiAnswer, key?: string): unknown {
  const result = answer.result ?? answer.data;
  return key && result && typeof result === 'object' ? result[key] : result;
}

/**
 * Interprets the resource declarations of `resources/`: one generic provider, no per-resource
 * code. Paths, envelopes, paging shapes and body kinds all come from the declarations.
 */
export function createDataProvider(declarations: ResourceDeclaration[]): AppDataProvider {
  const resources = Object.fromEntries(declarations.map((d) => [d.name, d]));
  const wholeLists = createWholeListCache<ApiAnswer>();

  function callOf<K extends 'list' | 'getOne' | 'create' | 'update' | 'delete'>(
    resource: string,
    kind: K,
  ) {
    const decl = resources[resource];
    const call = decl?.api[kind];
    if (!decl || !call) throw new Error(`The ${resource} resource declares no ${kind} call`);
    return {
      call: call as NonNullable<ResourceDeclaration['api'][K]>,
      envelope: call.envelope ?? decl.api.envelope,
    };
  }

  async function write(
    resource: string,
    kind: 'create' | 'update' | 'delete',
    data: Record<string, unknown>,
    id?: Identifier,
  ) {
    const { call, envelope } = callOf(resource, kind);
    const { path } = fillPath(call.path, id, data);
    wholeLists.clear();
    const answer = await apiRequest({
      method: call.method,
      path,
      query: call.query,
      body: pickFields(call, data, id),
      bodyKind: call.bodyKind,
      envelope,
    });
    const record = readResult(answer, call.resultKey);
    const meta: WriteMeta = { message: answer.message };
    return { answer, record: record && typeof record === 'object' ? record : undefined, meta };
  }

  /** The list call: the resource's `list`, or one of its named `lists` (`meta.list`). */
  function listCallOf(resource: string, name: unknown) {
    if (name === undefined) return callOf(resource, 'list');
    const decl = resources[resource];
    const call = decl?.api.lists?.[String(name)];
    if (!decl || !call) throw new Error(`The ${resource} resource declares no ${name} list`);
    return { call, envelope: call.envelope ?? decl.api.envelope };
  }

  const provider: AppDataProvider = {
    async getList(resource, params) {
      const { call, envelope } = listCallOf(resource, params.meta?.list);
      const { q, ...filters } = params.filter ?? {};
      const { path, rest } = fillPath(call.path, undefined, filters);
      const query: Record<string, unknown> = { ...call.query, ...rest };
      const serverPaged = call.paging !== 'none' && call.paging !== 'client';
      if (params.pagination && serverPaged) {
        query.page = params.pagination.page;
        query.limit = params.pagination.perPage;
      }
      if (q && call.searchParam) query[call.searchParam] = q;
      if (params.sort?.field && call.sortParam) {
        query[call.sortParam] = params.sort.field;
        if (call.sortOrderParam) query[call.sortOrderParam] = params.sort.order.toLowerCase();
      }
      // A POST list (accessories by category) sends its parameters as the body.
      const post = call.method === 'POST';
      const ask = () =>
        apiRequest({
          method: call.method,
          path,
          query: post ? undefined : query,
          body: post ? query : undefined,
          bodyKind: call.bodyKind,
          envelope,
        });
      const answer =
        call.paging === 'client'
          ? await wholeLists.get(`${call.method} ${path} ${JSON.stringify(query)}`, ask)
          : await ask();
      const source = call.paging === 'top' ? answer : (answer.result ?? {});
      const items = ((call.paging === 'top' ? answer.data : readResult(answer, call.resultKey)) ??
        []) as Record<string, unknown>[];
      const meta = call.metaKeys
        ? Object.fromEntries(call.metaKeys.map((key) => [key, source[key]]))
        : undefined;
      if (call.paging === 'client') {
        const page = pageInMemory(
          items,
          params.pagination,
          call.sortParam ? undefined : params.sort,
        );
        return { data: page.map(withId), total: items.length, ...(meta && { meta }) };
      }
      return {
        data: items.map(withId),
        total: Number(source.totalRecords ?? items.length),
        ...(meta && { meta }),
      };
    },

    async getOne(resource, params) {
      const { call, envelope } = callOf(resource, 'getOne');
      const answer = await apiRequest({
        method: call.method,
        path: fillPath(call.path, params.id, {}).path,
        query: call.query,
        envelope,
      });
      const record = readResult(answer, call.resultKey) as Record<string, unknown> | undefined;
      if (!record) throw new Error('The record was not found.');
      return { data: withId(record) };
    },

    async getMany(resource, params) {
      const records = await Promise.all(params.ids.map((id) => provider.getOne(resource, { id })));
      return { data: records.map((r) => r.data) };
    },

    async getManyReference(resource, params) {
      return provider.getList(resource, {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      });
    },

    async create(resource, params) {
      const { record, meta } = await write(resource, 'create', params.data);
      const data = withId({ ...params.data, ...record });
      return { data, meta } as never;
    },

    async update(resource, params) {
      const { record, meta } = await write(resource, 'update', params.data, params.id);
      const data = withId({ ...params.previousData, ...params.data, ...record, id: params.id });
      return { data, meta } as never;
    },

    async delete(resource, params) {
      const { meta } = await write(resource, 'delete', {}, params.id);
      return { data: params.previousData ?? ({ id: params.id } as never), meta } as never;
    },

    async updateMany(resource, params) {
      for (const id of params.ids) await write(resource, 'update', params.data, id);
      return { data: params.ids };
    },

    async deleteMany(resource, params) {
      for (const id of params.ids) await write(resource, 'delete', {}, id);
      return { data: params.ids };
    },
  };
  return provider;
}
