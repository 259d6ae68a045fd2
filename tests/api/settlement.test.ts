/**
 * Settlement files (issue 36): account/import-settlement matches a UPI / bank file's lines to the
 * payments recorded by reference, the same file twice changes nothing, a bad file is refused
 * whole with its line, and an unmatched line assigned to a customer records the payment once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersTable } from '@server/db/schema';
import { referenceKey } from '@shared/account';
import { apiClient, createTestServer, type TestServer } from './helpers';

let s: TestServer;
const api = apiClient(() => s, 'account');
const ids = { meera: '', ravi: '' };

async function raw(text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = (
    s.db as unknown as {
      $client: { query(t: string, p: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
    }
  ).$client;
  return (await client.query(text, params)).rows;
}

/** A payment as account/record-payment records it (written here as its row). */
async function payment(customerId: string, paise: number, reference: string, kind = 'payment') {
  await raw(
    `INSERT INTO account_entries (customer_id, kind, amount, method, reference, reference_key)
     VALUES ($1, $2, $3, 'UPI', $4, $5)`,
    [customerId, kind, paise, reference, referenceKey(reference)],
  );
}

const upload = (text: string, filename = 'settlement-nov.csv') =>
  api.postMultipart('import-settlement', {
    file: { filename, contentType: 'text/csv', data: Buffer.from(text) },
  });

const counts = async () => {
  const [row] = await raw(
    `SELECT (SELECT count(*) FROM settlement_imports)::int AS imports,
            (SELECT count(*) FROM settlement_lines)::int AS lines,
            (SELECT count(*) FROM account_entries)::int AS entries`,
  );
  return row;
};

const wallet = async (id: string) =>
  Number((await raw(`SELECT wallet FROM customers WHERE id = $1`, [id]))[0]!.wallet);

const FILE = [
  'Date,Reference,Amount,Payer',
  '2026-11-20,412345678901,500.00,Meera Sharma',
  '21/11/2026,"UTR-HDFC-0001","1,250.50",Ravi Kumar',
  '2026-11-22,412345678902,300,Meera',
  '2026-11-23,999999999999,75.25,',
].join('\r\n');

beforeAll(async () => {
  s = await createTestServer();
  const [meera, ravi] = await s.db
    .insert(customersTable)
    .values([
      { firstName: 'Meera', lastName: 'Sharma', email: 'meera@example.in', phone: '9876500001' },
      {
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: 'ravi@example.in',
        phone: '9876500002',
        billingMode: 'postpaid',
      },
    ])
    .returning();
  ids.meera = meera!.id;
  ids.ravi = ravi!.id;
  await payment(ids.meera, 50000, '4123 4567 8901', 'topup');
  await payment(ids.ravi, 125050, 'utr hdfc 0001');
  await payment(ids.meera, 50000, '412345678902', 'topup');
});

afterAll(async () => {
  await s?.close();
});

describe('import-settlement', () => {
  let unmatchedId = '';

  it('matches lines to the payments recorded by reference and lists the rest', async () => {
    const res = await upload(FILE);
    expect(res.statusCode, res.body).toBe(200);
    const { message, result } = res.json();
    expect(message).toBe('4 lines imported: 2 matched, 2 to assign.');
    expect(result.fileName).toBe('settlement-nov.csv');
    expect(result.lines).toBe(4);
    expect(result.alreadyImported).toBe(0);
    expect(result.fileAlreadyImported).toBe(false);
    expect(result.matched).toEqual([
      expect.objectContaining({
        lineNo: 2,
        day: '2026-11-20',
        reference: '412345678901',
        amount: 500,
        payer: 'Meera Sharma',
        userId: ids.meera,
        customerName: 'Meera Sharma',
      }),
      expect.objectContaining({
        lineNo: 3,
        day: '2026-11-21',
        reference: 'UTR-HDFC-0001',
        amount: 1250.5,
        userId: ids.ravi,
        customerName: 'Ravi Kumar',
      }),
    ]);
    expect(result.unmatched).toEqual([
      expect.objectContaining({
        lineNo: 4,
        amount: 300,
        note: 'The amount differs from the payment recorded (₹500.00 for Meera Sharma).',
      }),
      expect.objectContaining({
        lineNo: 5,
        reference: '999999999999',
        amount: 75.25,
        payer: null,
        note: 'No payment with this reference is recorded.',
      }),
    ]);
    unmatchedId = result.unmatched[1].id;

    const imports = (await api.get('settlement-imports')).json().result;
    expect(imports.totalRecords).toBe(1);
    expect(imports.imports[0]).toMatchObject({
      fileName: 'settlement-nov.csv',
      lines: 4,
      matched: 2,
      unmatched: 2,
      adminName: expect.any(String),
    });
    const waiting = (await api.get('settlement-lines?status=unmatched')).json().result;
    expect(waiting.totalRecords).toBe(2);
    expect(waiting.lines.map((l: { lineNo: number }) => l.lineNo)).toEqual([5, 4]);
  });

  it('answers the same file again with the earlier import and changes nothing', async () => {
    const before = await counts();
    const res = await upload(FILE, 'copy.csv');
    expect(res.statusCode, res.body).toBe(200);
    const { message, result } = res.json();
    expect(message).toMatch(
      /^This file was already imported on \d+ \w{3} \d{4}; nothing changed\.$/,
    );
    expect(result.fileAlreadyImported).toBe(true);
    expect(result.fileName).toBe('settlement-nov.csv');
    expect(result.matched).toHaveLength(2);
    expect(result.unmatched).toHaveLength(2);
    expect(await counts()).toEqual(before);
  });

  it('does not take again a line an earlier file brought', async () => {
    const res = await upload(
      [
        'date,reference,amount,payer',
        '2026-11-23,9999 9999 9999,75.25,Someone',
        '2026-11-24,UTR-SBI-77,99,',
      ].join('\n'),
      'settlement-24.csv',
    );
    expect(res.statusCode, res.body).toBe(200);
    const { message, result } = res.json();
    expect(message).toBe('1 line imported: 0 matched, 1 to assign, 1 already imported before.');
    expect(result.alreadyImported).toBe(1);
    expect(result.unmatched).toEqual([
      expect.objectContaining({ lineNo: 3, reference: 'UTR-SBI-77' }),
    ]);
    const lines = (await api.get(`settlement-lines?importId=${result.importId}`)).json().result;
    expect(lines.totalRecords).toBe(1);
  });

  it('assigns an unmatched line: the payment is recorded and the balance rises, once', async () => {
    const before = await wallet(ids.ravi);
    const res = await api.post('assign-settlement-line', { lineId: unmatchedId, userId: ids.ravi });
    expect(res.statusCode, res.body).toBe(200);
    const { message, result } = res.json();
    expect(message).toBe('₹75.25 recorded as a payment for Ravi Kumar.');
    expect(result.entry).toMatchObject({ kind: 'payment', amount: 75.25, method: 'UPI' });
    expect(result.line).toMatchObject({
      status: 'assigned',
      userId: ids.ravi,
      customerName: 'Ravi Kumar',
      entryId: result.entry._id,
    });
    expect(await wallet(ids.ravi)).toBeCloseTo(before + 75.25, 2);
    const [entry] = await raw(`SELECT reason, reference FROM account_entries WHERE id = $1`, [
      result.entry._id,
    ]);
    expect(entry).toEqual({
      reason: 'Settlement settlement-nov.csv, line 5',
      reference: '999999999999',
    });

    const again = await api.post('assign-settlement-line', {
      lineId: unmatchedId,
      userId: ids.meera,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /^This line was already assigned to Ravi Kumar on \d+ \w{3} \d{4}\.$/,
    );
    expect(await wallet(ids.ravi)).toBeCloseTo(before + 75.25, 2);
    expect(await wallet(ids.meera)).toBe(1000);

    const assigned = (await api.get('settlement-lines?status=assigned')).json().result;
    expect(assigned.lines).toEqual([expect.objectContaining({ _id: unmatchedId })]);
  });

  it('of two admins assigning one line at once, one records it and the other is told', async () => {
    const imported = await upload(
      'date,reference,amount,payer\n2026-11-25,UTR-AXIS-5,40,\n',
      'axis.csv',
    );
    const lineId = imported.json().result.unmatched[0].id as string;
    const before = { meera: await wallet(ids.meera), ravi: await wallet(ids.ravi) };
    const answers = await Promise.all([
      api.post('assign-settlement-line', { lineId, userId: ids.meera }),
      api.post('assign-settlement-line', { lineId, userId: ids.ravi }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rise =
      (await wallet(ids.meera)) - before.meera + ((await wallet(ids.ravi)) - before.ravi);
    expect(rise).toBeCloseTo(40, 2);
    const entries = await raw(`SELECT id FROM account_entries WHERE reference = 'UTR-AXIS-5'`);
    expect(entries).toHaveLength(1);
  });

  it('a prepaid customer gets a top-up by bank transfer', async () => {
    const [line] = await raw(`SELECT id FROM settlement_lines WHERE reference = 'UTR-SBI-77'`);
    const before = await wallet(ids.meera);
    const res = await api.post('assign-settlement-line', { lineId: line!.id, userId: ids.meera });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.entry).toMatchObject({
      kind: 'topup',
      method: 'Bank transfer',
    });
    expect(res.json().result.entry.balanceAfter).toBeCloseTo(before + 99, 2);
  });

  it('refuses a line whose reference is already on a payment', async () => {
    // Line 4 differs in amount from the payment with its reference: assigning it would pay twice.
    const [line] = await raw(`SELECT id FROM settlement_lines WHERE line_no = 4`);
    const before = await counts();
    const res = await api.post('assign-settlement-line', { lineId: line!.id, userId: ids.ravi });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^The UPI reference 412345678902 is already recorded: topup of ₹500\.00 for Meera Sharma on /,
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses a line or customer that does not exist', async () => {
    const res = await api.post('assign-settlement-line', { lineId: 'nope', userId: ids.ravi });
    expect(res.statusCode).toBe(404);
    const [line] = await raw(`SELECT id FROM settlement_lines WHERE status = 'matched' LIMIT 1`);
    const matched = await api.post('assign-settlement-line', {
      lineId: line!.id,
      userId: ids.ravi,
    });
    expect(matched.statusCode).toBe(409);
    expect(matched.json().message).toMatch(/^This line matched the payment of /);
  });
});

describe('a bad settlement file', () => {
  const cases: [string, string, string][] = [
    [
      'a wrong header',
      'day,utr,amount\n2026-11-20,1,2',
      'Line 1: the header must be date,reference,amount,payer',
    ],
    [
      'a bad date',
      'date,reference,amount,payer\n2026-11-20,A1,5,\n31/02/2026,A2,5,',
      'Line 3: the date "31/02/2026" is not a date',
    ],
    [
      'three decimals',
      'date,reference,amount,payer\n\n2026-11-20,A1,12.345,',
      'Line 3: the amount "12.345" has more than two decimals.',
    ],
    [
      'a negative amount',
      'date,reference,amount,payer\n2026-11-20,A1,-50,',
      'Line 2: the amount "-50" must be more than zero.',
    ],
    [
      'an empty file',
      '',
      'The file is empty: its first line must be the header date,reference,amount,payer.',
    ],
    [
      'only a header',
      '\uFEFFdate,reference,amount,payer\r\n',
      'The file has no lines after its header.',
    ],
    [
      'a reference twice',
      'date,reference,amount,payer\n2026-11-20,UTR 9,5,\n2026-11-21,utr-9,6,',
      'Line 3: the reference "utr-9" is also on line 2.',
    ],
    [
      'a missing reference',
      'date,reference,amount,payer\n2026-11-20,,5,',
      'Line 2: the reference (UPI reference or UTR) is missing.',
    ],
  ];
  it.each(cases)('%s: 400 naming the line, nothing stored', async (_what, text, message) => {
    const before = await counts();
    const res = await upload(text, 'bad.csv');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('not multipart: 400 asking for the file', async () => {
    const res = await api.post('import-settlement', { file: 'date,reference,amount,payer' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose the settlement file (CSV) to import.');
  });

  it('names several bad lines at once', async () => {
    const res = await upload(
      'date,reference,amount,payer\n2026-13-01,A,5,\n2026-11-20,B,abc,\n2026-11-20,C,5,x,y',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Line 2: the date "2026-13-01" is not a date; write it as 2026-11-28 or 28/11/2026. ' +
        'Line 3: the amount "abc" is not an amount in rupees (write it as 1250 or 1250.50). ' +
        'Line 4: expected 4 values (date,reference,amount,payer), found 5. Nothing was imported.',
    );
  });
});

describe('lists', () => {
  it('are bounded', async () => {
    const res = await api.get('settlement-lines?limit=101');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Limit must be between 1 and 100.');
    const bad = await api.get('settlement-lines?status=lost');
    expect(bad.statusCode).toBe(400);
  });

  it('are served by their indexes (settlement_lines_status_idx, _import_idx)', async () => {
    const [imp] = await raw(`SELECT id FROM settlement_imports LIMIT 1`);
    await raw(
      `INSERT INTO settlement_lines (id, import_id, line_no, day, reference, reference_key, amount,
         status)
       SELECT 'x' || i, $1, 1000 + i, date '2026-01-01' + (i % 300), 'R' || i, 'R' || i, 100,
         CASE WHEN i % 50 = 0 THEN 'unmatched' ELSE 'matched' END
       FROM generate_series(1, 20000) AS i`,
      [imp!.id],
    );
    await raw('ANALYZE settlement_lines');
    interface PlanNode {
      'Node Type': string;
      'Relation Name'?: string;
      Plans?: PlanNode[];
    }
    const seqScanned = (node: PlanNode): string[] => [
      ...(node['Node Type'] === 'Seq Scan' ? [node['Relation Name'] ?? ''] : []),
      ...(node.Plans ?? []).flatMap(seqScanned),
    ];
    const plan = async (query: string, params: unknown[]) => {
      const [row] = await raw(`EXPLAIN (FORMAT JSON) ${query}`, params);
      const json = row!['QUERY PLAN'];
      const [top] = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
      expect(seqScanned(top!.Plan)).not.toContain('settlement_lines');
      return JSON.stringify(top);
    };
    const byStatus = await plan(
      `SELECT * FROM settlement_lines WHERE status = $1 ORDER BY day DESC, id DESC LIMIT 10`,
      ['unmatched'],
    );
    expect(byStatus).toContain('settlement_lines_status_idx');
    const byImport = await plan(
      `SELECT * FROM settlement_lines WHERE import_id = $1 ORDER BY line_no LIMIT 10`,
      [imp!.id],
    );
    expect(byImport).toContain('settlement_lines_import_idx');
    const byReference = await plan(
      `SELECT DISTINCT reference_key FROM settlement_lines
        WHERE reference_key IN (SELECT unnest($1::text[]))`,
      [['R1', 'R2']],
    );
    expect(byReference).toContain('settlement_lines_reference_idx');
  });
});
