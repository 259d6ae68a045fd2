import { withDateRange } from '@/lists/filters/dateRange';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { ActionMethods, ActionResult, AnyActionCall, WriteMeta } from './actions';
import { apiDownload, apiRequest, type ApiAnswer, type UploadProgress } from './httpClient';
import type { ApiCall, ListCall, ResourceDeclaration } from './resource';

export interface DownloadParams {
  /** Fills the `:name` parts of the file's path; the other values are its query. */
  values: Record<string, unknown>;
  /** Bytes received so far, as they arrive. */
  onProgress?: (receivedBytes: number) => void;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * The `meta` a create or update may carry (an image input puts it there through a mutation
 * middleware): told how far the files have gone while they upload, and `null` once settled.
 */
export interface UploadMeta {
  onUploadProgress?: (progress: UploadProgress | null) => void;
}

/** What a list shows (its list context), for its CSV export. */
export interface ExportParams {
  filter: Record<string, unknown>;
  sort?: { field: string; order: string };
  /** `{ list: '<name>' }` for a named list call, as getList takes it. */
  meta?: Record<string, unknown>;
  onProgress?: (receivedBytes: number) => void;
  signal?: AbortSignal;
}

/**
 * The provider's typed methods beyond CRUD (`useDataProvider<DataProvider & FileDownloads>()`).
 * Through react-admin's proxy a 401 signs out and resolves `{ data: {} }`: check the blob.
 */
export interface FileDownloads {
  /** One of a resource's declared `files` (resources/<name>/index.ts `api.files`). */
  download(
    resource: string,
    file: string,
    params: DownloadParams,
  ): Promise<{ data: DownloadedFile }>;
  /**
   * A list as CSV, with its filters, search and sort: the `csv` file of its list call
   * (resources/<name>/index.ts), asked with the same parameters as the list, without paging.
   */
  exportList(resource: string, params: ExportParams): Promise<{ data: DownloadedFile }>;
}

/**
 * The spec's records carry `_id`; react-admin wants `id`. Both are kept. A list's rows without
 * one take it from their `idFields` (ListCall).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function withId(item: Record<string, unknown>, idFields?: string[]): any {
  const id = item._id ?? item.id ?? idFields?.map((field) => String(item[field] ?? '')).join(':');
  return { ...item, id: id as Identifier } satisfies RaRecord;
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

/**
 * The path and query of a list call for these filters and sort (`q` is the search), with
 * `page` / `limit` when paged: what getList asks and, on the CSV's path, what exportList asks.
 */
function listRequest(
  call: ListCall,
  params: {
    filter?: Record<string, unknown>;
    sort?: { field: string; order: string };
    pagination?: { page: number; perPage: number };
  },
  callPath = call.path,
) {
  // A named period (`date=today`) is sent as the days it stands for today.
  const { q, ...filters } = withDateRange(params.filter ?? {});
  const { path, rest } = fillPath(callPath, undefined, filters);
  const query: Record<string, unknown> = { ...call.query, ...rest };
  if (params.pagination && call.paging !== 'none') {
    query.page = params.pagination.page;
    query.limit = params.pagination.perPage;
  }
  if (q && call.searchParam) query[call.searchParam] = q;
  if (params.sort?.field && (call.sortParam || call.sortOrderParam)) {
    if (call.sortParam) query[call.sortParam] = params.sort.field;
    if (call.sortOrderParam) query[call.sortOrderParam] = params.sort.order.toLowerCase();
  }
  return { path, query };
}

function readResult(answer: ApiAnswer, key?: string): unknown {
  const result = answer.result ?? answer.data;
  return key && result && typeof result === 'object' ? result[key] : result;
}

/**
 * Interprets the resource declarations of `resources/`: one generic provider, no per-resource
 * code. Paths, envelopes, paging shapes and body kinds all come from the declarations.
 */
/** The panel's provider: CRUD, file downloads and the resources' declared actions. */
export type BaseDataProvider = DataProvider & FileDownloads;

export function createDataProvider<
  Actions extends Record<string, AnyActionCall> = Record<never, AnyActionCall>,
>(declarations: ResourceDeclaration[]): BaseDataProvider & ActionMethods<Actions> {
  const resources = Object.fromEntries(declarations.map((d) => [d.name, d]));

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
    upload?: UploadMeta,
  ) {
    const { call, envelope } = callOf(resource, kind);
    const { path } = fillPath(call.path, id, data);
    const answer = await apiRequest({
      method: call.method,
      path,
      query: call.query,
      body: pickFields(call, data, id),
      bodyKind: call.bodyKind,
      envelope,
      onUploadProgress: upload?.onUploadProgress,
    });
    const record = readResult(answer, call.resultKey);
    const meta: WriteMeta = { message: answer.message };
    return { record: record && typeof record === 'object' ? record : undefined, meta };
  }

  /** The list call: the resource's `list`, or one of its named `lists` (`meta.list`). */
  function listCallOf(resource: string, name: unknown) {
    if (name === undefined) return callOf(resource, 'list');
    const decl = resources[resource];
    const call = decl?.api.lists?.[String(name)];
    if (!decl || !call) throw new Error(`The ${resource} resource declares no ${name} list`);
    return { call, envelope: call.envelope ?? decl.api.envelope };
  }

  /** One declared action as a provider method. */
  function actionMethod(decl: ResourceDeclaration, call: AnyActionCall) {
    return async (params: Record<string, unknown> = {}): Promise<ActionResult<unknown>> => {
      const { path, rest } = fillPath(call.path, params.id as Identifier | undefined, params);
      const get = call.method === 'GET';
      const answer = await apiRequest({
        method: call.method,
        path,
        query: get ? { ...call.query, ...rest } : call.query,
        body: get ? undefined : pickFields(call, rest, params.id as Identifier | undefined),
        bodyKind: call.bodyKind,
        nullFields: call.nullFields,
        envelope: call.envelope ?? decl.api.envelope,
      });
      return { data: readResult(answer, call.resultKey), meta: { message: answer.message } };
    };
  }

  const actions: Record<string, ReturnType<typeof actionMethod>> = {};
  for (const decl of declarations) {
    for (const [name, call] of Object.entries(decl.api.actions ?? {})) {
      if (name in actions) throw new Error(`Two resources declare the action ${name}`);
      actions[name] = actionMethod(decl, call);
    }
  }

  const provider: BaseDataProvider = {
    async getList(resource, params) {
      const { call, envelope } = listCallOf(resource, params.meta?.list);
      const { path, query } = listRequest(call, params);
      // A POST list (accessories by category) sends its parameters as the body.
      const post = call.method === 'POST';
      const answer = await apiRequest({
        method: call.method,
        path,
        query: post ? undefined : query,
        body: post ? query : undefined,
        bodyKind: call.bodyKind,
        envelope,
      });
      const source = call.paging === 'top' ? answer : (answer.result ?? {});
      const items = ((call.paging === 'top' ? answer.data : readResult(answer, call.resultKey)) ??
        []) as Record<string, unknown>[];
      return {
        data: items.map((item) => withId(item, call.idFields)),
        total: Number(source.totalRecords ?? items.length),
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
      const { record, meta } = await write(resource, 'create', params.data, undefined, params.meta);
      const data = withId({ ...params.data, ...record });
      return { data, meta } as never;
    },

    async update(resource, params) {
      const { record, meta } = await write(resource, 'update', params.data, params.id, params.meta);
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

    async download(resource, file, params) {
      const call = resources[resource]?.api.files?.[file];
      if (!call) throw new Error(`The ${resource} resource declares no ${file} file`);
      const { path, rest } = fillPath(call.path, undefined, params.values);
      const got = await apiDownload({
        path,
        query: rest,
        onProgress: params.onProgress,
        signal: params.signal,
      });
      return { data: { blob: got.blob, fileName: got.fileName ?? call.fileName } };
    },

    async exportList(resource, params) {
      const { call } = listCallOf(resource, params.meta?.list);
      if (!call.csv) throw new Error(`The ${resource} list declares no CSV file`);
      const { path, query } = listRequest(call, params, call.csv.path);
      const file = await apiDownload({
        path,
        query,
        type: 'text/csv',
        onProgress: params.onProgress,
        signal: params.signal,
      });
      return { data: { blob: file.blob, fileName: file.fileName ?? call.csv.fileName } };
    },
  };
  // A declared action never shadows a CRUD method (checked above by name).
  for (const name of Object.keys(actions)) {
    if (name in provider) throw new Error(`The action ${name} would replace a provider method`);
  }
  return Object.assign(provider, actions) as BaseDataProvider & ActionMethods<Actions>;
}
