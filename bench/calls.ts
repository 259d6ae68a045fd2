import { ORDER_STATUSES } from '@shared/statuses';

/**
 * The calls `npm run bench` measures: every list of the panel with its paging, filters and
 * searches, the accounts, the dashboard, the chart, by-type, the job sheet and the CSV exports. Ids (the water service, a pin
 * code, a customer, an order) are looked up through the API itself, so the same code serves an
 * in-process app, a spawned server and a server given by `--url`.
 */

/** One GET of the API; `json` is undefined when the answer is not JSON. */
export type ApiGet = (path: string) => Promise<{ status: number; json: unknown }>;

export interface BenchCall {
  /** What the table shows, ids replaced by what they stand for. */
  label: string;
  /** Path and query under the server's origin, e.g. `/api/order/view-all-orders?page=1`. */
  path: string;
  /** A file (the job sheet, a CSV export) rather than JSON. */
  file?: boolean;
  /** Rows behind a file call (the jobs of the sheet, the rows of an export): its answer does not say. */
  rows?: number;
}

/** Figures of the database read from the dashboard, printed above each table. */
export interface DataSize {
  orders?: number;
  customers?: number;
}

/** The page a deep-page call asks for (limit 10), or the last page when the list is shorter. */
export const DEEP_PAGE = 5000;

/** The size of the export the bench looks for (issue 13.10: 100 k rows in 5 s, flat memory). */
export const EXPORT_ROWS = 100_000;

/** The day `n` days before today in India (UTC+5:30), `2026-11-24`. */
function daysAgo(n: number): string {
  const india = new Date(Date.now() + 5.5 * 60 * 60 * 1000 - n * 24 * 60 * 60 * 1000);
  return india.toISOString().slice(0, 10);
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/** totalPages of a list answer, wherever the call puts it (result, top level, `totalPage`). */
export function pagingOf(json: unknown): { totalRecords?: number; totalPages?: number } {
  const top = obj(json);
  const result = obj(top.result);
  const num = (...values: unknown[]) => values.find((v) => typeof v === 'number') as number;
  return {
    totalRecords: num(result.totalRecords, top.totalRecords),
    totalPages: num(result.totalPages, top.totalPages, top.totalPage),
  };
}

const query = (params: Record<string, string | number | undefined>) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== '');
  return entries.length
    ? '?' +
        new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()
    : '';
};

/**
 * Looks up the ids the calls need and returns the calls, deep pages resolved to
 * min(DEEP_PAGE, last page). `common` is the common surname searched (Sharma).
 */
export async function discoverCalls(
  get: ApiGet,
  common: string,
): Promise<{ calls: BenchCall[]; size: DataSize; notes: string[] }> {
  const notes: string[] = [];
  const must = async (path: string) => {
    const res = await get(path);
    if (res.status !== 200) {
      throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
    }
    return obj(res.json);
  };

  const dashboard = obj((await must('/api/admin/dashboard-data')).result);
  const size: DataSize = {
    orders: dashboard.allOrders as number | undefined,
    customers: dashboard.allUsers as number | undefined,
  };

  const categories = list(
    obj((await must('/api/category/view-all-categories?status=All&limit=1000')).result).categories,
  );
  const water = categories.find((c) => c.kind === 'water')?._id as string | undefined;
  if (!water) throw new Error('No category of kind water: is this the large (or demo) data?');

  // A pin code with open water jobs (the newest job's), else the first pin code on the list.
  const jobsAnswer = await must(`/api/order/assign-jobs/${water}?limit=1`);
  const jobs = list(obj(jobsAnswer.result).orders);
  let pincode = jobs[0]?.pincode as string | undefined;
  if (!pincode) {
    const pins = list(
      obj((await must('/api/pincode/get-paginated-pincodes?limit=1')).result).pincodes,
    );
    pincode = pins[0] ? String(pins[0].number) : '560001';
    notes.push(`no open water jobs; pin code ${pincode} taken from the pin code list`);
  }

  // A rare search: one customer's phone and one order's number (the 5th newest order).
  const newest = list(obj((await must('/api/order/view-all-orders?limit=5')).result).orders);
  const order = newest.at(-1) ?? {};
  const orderNumber = (order.orderId as string | undefined) ?? 'OD0000000000';
  const phone = (obj(order.user).phone as string | undefined) ?? '9800000000';

  // The customer with the most tickets: the heaviest "tickets of one customer".
  const supports = list(
    obj(
      (await must('/api/support/get-all-supports?sort=supportCount&sortOrder=desc&limit=1')).result,
    ).supports,
  );
  const ticketCustomer = supports[0]?._id as string | undefined;

  const calls: BenchCall[] = [];
  const add = (label: string, path: string, params: Record<string, string | number> = {}) =>
    calls.push({ label, path: path + query(params) });
  /** Page 5000 of a list, or its last page when it has fewer (the label says which). */
  const deep = async (label: string, path: string, params: Record<string, string | number>) => {
    const first = await get(path + query({ ...params, page: 1, limit: 10 }));
    const pages = first.status === 200 ? pagingOf(first.json).totalPages : undefined;
    const page = Math.max(1, Math.min(DEEP_PAGE, pages ?? DEEP_PAGE));
    const which = page === DEEP_PAGE ? `page ${page}` : `page ${page} (last)`;
    add(`${label} ${which}`, path, { ...params, page, limit: 10 });
  };
  const svc = { serviceId: water };

  // Orders (all services)
  const orders = '/api/order/view-all-orders';
  add('orders page 1', orders, { page: 1, limit: 10 });
  await deep('orders', orders, {});
  add('orders status=Pending', orders, { status: 'Pending', limit: 10 });
  add('orders serviceId=water', orders, { ...svc, limit: 10 });
  add('orders Pending+water', orders, { status: 'Pending', ...svc, limit: 10 });
  await deep('orders Pending+water', orders, { status: 'Pending', ...svc });
  add(`orders search=${common}`, orders, { search: common, limit: 10 });
  add('orders search=<phone>', orders, { search: phone, limit: 10 });
  add('orders search=<order id>', orders, { search: orderNumber, limit: 10 });
  add('orders sort=totalAmount', orders, { sortField: 'totalAmount', sortOrder: 'desc' });
  await deep('orders sort=totalAmount', orders, { sortField: 'totalAmount', sortOrder: 'desc' });
  // The list's other sorts, each with its page 1 for the deep page to be compared with.
  for (const sortField of ['status', 'orderId']) {
    add(`orders sort=${sortField}`, orders, { sortField, sortOrder: 'asc', limit: 10 });
    await deep(`orders sort=${sortField}`, orders, { sortField, sortOrder: 'asc' });
  }
  // Filtered and sorted by amount or order number: the filter is checked in the sort's index.
  const byAmount = { status: 'Delivered', sortField: 'totalAmount', sortOrder: 'desc' };
  add('orders Delivered sort=totalAmount', orders, { ...byAmount, limit: 10 });
  await deep('orders Delivered sort=totalAmount', orders, byAmount);
  await deep('orders emergency sort=orderId', orders, { emergency: 'true', sortField: 'orderId' });
  // Filters that keep few orders, by amount and by number: partial indexes of their own
  // (cancelled, fresh), or, for a range of days, a deep page read from the list's other end.
  for (const [label, path, filter] of [
    ['orders Cancelled', orders, { status: 'Cancelled' }],
    ['by-type fresh', '/api/order/by-type', { type: 'fresh' }],
    ['orders last 30 days', orders, { from: daysAgo(30) }],
  ] as const) {
    for (const sortField of ['totalAmount', 'orderId']) {
      const params = { ...filter, sortField, sortOrder: 'desc' };
      add(`${label} sort=${sortField}`, path, { ...params, page: 1, limit: 10 });
      await deep(`${label} sort=${sortField}`, path, params);
    }
  }

  // The on-screen filters (issue 13.1): days in India, emergencies, pin code, type.
  const today = daysAgo(0);
  add('orders date=today', orders, { from: today, to: today, limit: 10 });
  add('orders this week Pending', orders, { from: daysAgo(6), status: 'Pending', limit: 10 });
  await deep('orders last 90 days', orders, { from: daysAgo(90) });
  add('orders emergency', orders, { emergency: 'true', limit: 10 });
  await deep('orders emergency', orders, { emergency: 'true' });
  add('orders pincode=<pin>', orders, { pincode, limit: 10 });
  add('orders pincode+30 days+emergency', orders, {
    pincode,
    from: daysAgo(30),
    emergency: 'true',
    limit: 10,
  });
  add(`orders search=${common} last 30 days`, orders, {
    search: common,
    from: daysAgo(30),
    limit: 10,
  });

  // Orders of one service
  const byService = '/api/order/orders-by-serviceId';
  add('by-service water page 1', byService, { ...svc, page: 1, limit: 10 });
  await deep('by-service water', byService, svc);
  add(`by-service water search=${common}`, byService, { ...svc, search: common, limit: 10 });

  // by-type: the documented shape (bounded) and the paged addition
  const byType = '/api/order/by-type';
  add('by-type (no params)', byType);
  add('by-type fresh page 1', byType, { type: 'fresh', page: 1, limit: 10 });
  await deep('by-type reorder', byType, { type: 'reorder' });
  await deep('by-type reorder sort=totalAmount', byType, {
    type: 'reorder',
    sortField: 'totalAmount',
  });
  add(`by-type fresh search=${common}`, byType, {
    type: 'fresh',
    page: 1,
    limit: 10,
    search: common,
  });

  // Assigning jobs (open orders of the water service)
  const assign = `/api/order/assign-jobs/${water}`;
  add('assign-jobs water page 1', assign, { page: 1, limit: 10 });
  await deep('assign-jobs water', assign, {});
  add('assign-jobs pincode=<pin>', assign, { pincode, limit: 10 });
  add(`assign-jobs search=${common}`, assign, { search: common, limit: 10 });
  add('assign-jobs status=Pending', assign, { status: 'Pending', limit: 10 });
  add('assign-jobs slot', assign, { slot: '7:00 AM - 9:00 AM', limit: 10 });
  add('assign-jobs since yesterday', assign, { from: daysAgo(1), limit: 10 });
  add('job-slots water', `/api/order/job-slots/${water}`);

  // Customers
  const users = '/api/user/all-users';
  add('customers page 1', users, { page: 1, limit: 10 });
  await deep('customers', users, {});
  add('customers status=Blocked', users, { status: 'Blocked', limit: 10 });
  add('customers status=All', users, { status: 'All', limit: 10 });
  add(`customers search=${common}`, users, { search: common, limit: 10 });
  add('customers search=<phone>', users, { search: phone, limit: 10 });
  add('customers sort=firstName', users, { sort: 'firstName', limit: 10 });
  await deep('customers sort=firstName', users, { sort: 'firstName' });
  add('inactive customers page 1', '/api/admin/get-users', { page: 1, limit: 10 });
  add(`inactive customers search=${common}`, '/api/admin/get-users', {
    search: common,
    limit: 10,
  });

  // Returns (water), tickets, admins, audit log, pin codes
  const returns = '/api/return-history/get-all-return-requests';
  add('returns water page 1', returns, { categoryType: 0, page: 1, limit: 10 });
  await deep('returns water', returns, { categoryType: 0 });
  add(`returns search=${common.toLowerCase()}`, returns, {
    categoryType: 0,
    search: common.toLowerCase(),
    limit: 10,
  });
  add('returns status=Pending', returns, { categoryType: 0, status: 'Pending', limit: 10 });
  add('returns search=<order id>', returns, { categoryType: 0, search: orderNumber, limit: 10 });
  const tickets = '/api/support/get-all-supports';
  add('tickets page 1', tickets, { page: 1, limit: 10 });
  await deep('tickets', tickets, {});
  add('tickets status=unresolved', tickets, { status: 'unresolved', limit: 10 });
  add(`tickets search=${common}`, tickets, { search: common, limit: 10 });
  add('tickets sort=supportCount', tickets, { sort: 'supportCount', sortOrder: 'desc' });
  if (ticketCustomer) {
    add('tickets of one customer', '/api/support/get-all-supports-for-user', {
      userId: ticketCustomer,
    });
  } else {
    notes.push('no support tickets: "tickets of one customer" skipped');
  }
  add('admin users page 1', '/api/admin/view-all-users', { status: 'All', limit: 10 });
  add('audit log page 1', '/api/admin/audit-log', { page: 1, limit: 10 });
  add('audit log resource=order', '/api/admin/audit-log', { resource: 'order', limit: 10 });
  await deep('audit log', '/api/admin/audit-log', {});
  add('pin codes page 1', '/api/pincode/get-paginated-pincodes', { page: 1, limit: 10 });
  add('pin codes limit=1000', '/api/pincode/get-paginated-pincodes', { limit: 1000 });

  // Subscriptions and the day's counts (issue 35): page 1 with each filter and a search, and
  // get-roster for tomorrow (projected unless it is made) and for the newest made day.
  const subscriptions = '/api/subscription/get-all-subscriptions';
  const slot = obj(
    list(obj((await must(`${subscriptions}${query({ limit: 1 })}`)).result).subscriptions)[0],
  ).slot as string | undefined;
  add('subscriptions page 1', subscriptions, { page: 1, limit: 10 });
  await deep('subscriptions', subscriptions, {});
  add('subscriptions status=Active', subscriptions, { status: 'Active', limit: 10 });
  add('subscriptions status=Paused', subscriptions, { status: 'Paused', limit: 10 });
  add('subscriptions serviceId=water', subscriptions, { ...svc, limit: 10 });
  add('subscriptions pincode=<pin>', subscriptions, { pincode, limit: 10 });
  if (slot) add('subscriptions slot', subscriptions, { slot, limit: 10 });
  add('subscriptions endingWithin=30', subscriptions, { endingWithin: 30, limit: 10 });
  add('subscriptions water+Active+pin', subscriptions, {
    ...svc,
    status: 'Active',
    pincode,
    limit: 10,
  });
  add(`subscriptions search=${common}`, subscriptions, { search: common, limit: 10 });
  add('subscriptions search=<phone>', subscriptions, { search: phone, limit: 10 });
  // A day is counted from its orders once made, else projected from the subscriptions.
  const runs = list(obj((await must('/api/roster/runs?limit=20')).result).runs);
  const made = new Set(runs.filter((r) => r.status === 'done').map((r) => String(r.day)));
  for (const [when, date] of [
    ['tomorrow', daysAgo(-1)],
    ['in 2 days', daysAgo(-2)],
  ] as const) {
    const how = made.has(date) ? 'made' : 'projected';
    add(`roster get-roster ${when} (${how})`, '/api/roster/get-roster', { date });
  }
  const madeDay = runs.find((r) => r.status === 'done' && Number(r.generated) > 0)?.day;
  if (typeof madeDay === 'string' && madeDay !== daysAgo(-1) && madeDay !== daysAgo(-2)) {
    add('roster get-roster newest made day', '/api/roster/get-roster', { date: madeDay });
  }
  add('roster runs page 1', '/api/roster/runs', { page: 1, limit: 10 });

  // Jars and cylinders (issue 16): the outstanding list, its summary, depot stock, one
  // customer's ledger; tax invoices: one order's and one day's range (streamed PDFs).
  const outstanding = '/api/returnable/outstanding';
  const held = list(obj((await must(`${outstanding}${query({ limit: 1 })}`)).result).customers);
  add('outstanding page 1', outstanding, { page: 1, limit: 10 });
  await deep('outstanding', outstanding, {});
  add('outstanding serviceId=water', outstanding, { serviceId: water, limit: 10 });
  add('outstanding pincode=<pin>', outstanding, { pincode, limit: 10 });
  add('outstanding minDays=30', outstanding, { minDays: 30, limit: 10 });
  add(`outstanding search=${common}`, outstanding, { search: common, limit: 10 });
  add('returnables summary', '/api/returnable/summary');
  add('depot stock', '/api/returnable/stock');
  if (held[0]) add('ledger of one customer', `/api/returnable/ledger/${String(held[0].userId)}`);
  const delivered = list(
    obj((await must(`${orders}${query({ status: 'Delivered', limit: 1 })}`)).result).orders,
  )[0];
  if (delivered) {
    calls.push({
      label: 'invoice of one order',
      path: `/api/order/invoice/${String(delivered._id)}`,
      file: true,
      rows: 1,
    });
    const day = daysAgo(1);
    calls.push({
      label: 'invoices of one day',
      path: `/api/order/invoices${query({ from: day, to: day })}`,
      file: true,
    });
  }

  // Credit and debit notes (issue 38): the Reports tab's default (this month), a year with a
  // deep page, and one note's PDF. seed:large issues none; on data with notes these are the
  // range walks of credit_notes_issued_idx.
  const creditNotes = '/api/order/credit-notes';
  const monthStart = `${daysAgo(0).slice(0, 7)}-01`;
  add('credit notes this month', creditNotes, { from: monthStart, to: daysAgo(0), limit: 20 });
  add('credit notes a year', creditNotes, { from: daysAgo(365), to: daysAgo(0), limit: 20 });
  add('credit notes a year page 100', creditNotes, {
    from: daysAgo(365),
    to: daysAgo(0),
    page: 100,
    limit: 20,
  });
  const newestNote = list(
    obj(
      (await must(`${creditNotes}${query({ from: daysAgo(365), to: daysAgo(0), limit: 1 })}`))
        .result,
    ).creditNotes,
  )[0];
  if (newestNote) {
    calls.push({
      label: 'credit note of one order',
      path: `/api/order/credit-note/${String(newestNote._id)}`,
      file: true,
      rows: 1,
    });
  } else {
    notes.push('no credit notes: "credit note of one order" skipped');
  }

  // Accounts (issue 36): one household's ledger (the customer owing most on the large data: a
  // long-standing postpaid customer, many entries), page 1 and a deep page; the dues with a
  // minimum age and a search; the prepaid running low; the summary.
  const owing = list(
    obj(
      (
        await must(
          `${users}${query({ status: 'All', sort: 'wallet', sortOrder: 'asc', limit: 1 })}`,
        )
      ).result,
    ).users,
  )[0];
  if (owing) {
    const account = `/api/account/get-account/${String(owing._id)}`;
    add('account of one customer', account);
    add('account of one customer page 50', account, { page: 50 });
  } else {
    notes.push('no customers: "account of one customer" skipped');
  }
  const dues = '/api/account/dues';
  add('dues page 1', dues);
  add('dues minDays=60', dues, { minDays: 60 });
  add(`dues search=${common}`, dues, { search: common });
  add('low balance', '/api/account/low-balance');
  add('accounts summary', '/api/account/summary');

  // Reports (issue 38), from the rollups (target: 50 ms each): a year per day, week, month,
  // service, pin code and rider; the Sales tab's default, the last 30 days; and the sales
  // register of a week, streamed (its invoices' documents are built and stored on the first
  // run, as the invoice PDFs do).
  const sales = '/api/report/sales';
  for (const groupBy of ['day', 'week', 'month', 'service', 'pincode', 'rider']) {
    add(`sales report year by ${groupBy}`, sales, { from: daysAgo(365), to: today, groupBy });
  }
  add('sales report 30 days by day', sales, { from: daysAgo(29), to: today, groupBy: 'day' });
  add('sales report 30 days by pincode', sales, {
    from: daysAgo(29),
    to: today,
    groupBy: 'pincode',
  });
  const week = { from: daysAgo(7), to: daysAgo(1) };
  const weekTotals = obj(
    obj((await must(sales + query({ ...week, groupBy: 'month' }))).result).totals,
  );
  calls.push({
    label: 'sales register 7 days',
    path: '/api/report/export-sales-register' + query(week),
    file: true,
    rows: Number(weekTotals.invoices ?? 0) + Math.abs(Number(weekTotals.creditNotes ?? 0)),
  });

  // Dashboard and its chart
  add('dashboard', '/api/admin/dashboard-data');
  for (const type of ['daily', 'weekly', 'monthly', 'quarterly']) {
    add(`chart ${type}`, '/api/order/get-orders-by-filter', { type });
  }

  // The job sheet, streamed (time to last byte)
  const sheet = `/api/order/job-sheet/${water}`;
  const pinJobs = await must(`${assign}${query({ pincode, limit: 1 })}`);
  calls.push({
    label: 'job sheet water, all pin codes',
    path: sheet,
    file: true,
    rows: pagingOf(jobsAnswer).totalRecords,
  });
  calls.push({
    label: 'job sheet pincode=<pin>',
    path: sheet + query({ pincode }),
    file: true,
    rows: pagingOf(pinJobs).totalRecords,
  });

  // CSV exports, streamed (time to last byte; the server's peak RSS is noted when it rises):
  // every customer (100 000 on the large data), the orders filter closest to EXPORT_ROWS rows,
  // a search, and the water returns.
  const total = async (path: string, params: Record<string, string | number>) =>
    pagingOf(await must(path + query({ ...params, limit: 1 }))).totalRecords ?? 0;
  const exported = async (
    label: string,
    path: string,
    params: Record<string, string | number>,
    rows: number,
  ) =>
    calls.push({ label: `${label} (${rows} rows)`, path: path + query(params), file: true, rows });
  await exported(
    'export customers status=All',
    '/api/user/export-users',
    { status: 'All' },
    await total(users, { status: 'All' }),
  );
  let closest = { params: {} as Record<string, string>, rows: size.orders ?? 0, name: 'all' };
  for (const category of categories) {
    for (const status of ORDER_STATUSES) {
      const params = { serviceId: String(category._id), status };
      const rows = await total(orders, params);
      if (Math.abs(rows - EXPORT_ROWS) < Math.abs(closest.rows - EXPORT_ROWS)) {
        closest = { params, rows, name: `${String(category.name)} ${status}` };
      }
    }
  }
  await exported(
    `export orders ${closest.name}`,
    '/api/order/export-orders',
    closest.params,
    closest.rows,
  );
  await exported(
    `export orders search=${common}`,
    '/api/order/export-orders',
    { search: common },
    await total(orders, { search: common }),
  );
  await exported(
    'export returns water',
    '/api/return-history/export-return-requests',
    { categoryType: 0 },
    await total(returns, { categoryType: 0 }),
  );

  return { calls, size, notes };
}
