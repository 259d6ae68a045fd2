import { and, desc, inArray, sql } from 'drizzle-orm';
import { addDays, indiaDay } from '@shared/time';
import type { Database } from '../client';
import { accountEntriesTable, customersTable } from '../schema';
import { parseSettlementFile } from '../../modules/accounts/settlementCsv';
import { importSettlement } from '../../modules/accounts/settlementRepository';
import { createStatementRepository, statementMonth } from '../../modules/accounts/statements';

/** The demo's bank settlement file: the name it is imported under. */
export const DEMO_SETTLEMENT_FILE = 'hdfc-settlement-demo.csv';

/**
 * What an operator has after a month on the accounts (issue 36): last month's statements of the
 * postpaid households, numbered, and one bank settlement file imported, most of its lines matching
 * payments recorded, one whose amount differs and two nobody recorded yet (waiting to be assigned
 * on the Settlement import page). Made through the same code as the panel's calls.
 */
export async function seedAccountDocuments(db: Database, now: Date = new Date()): Promise<void> {
  const lastMonth = addDays(`${indiaDay(now).slice(0, 7)}-01`, -1).slice(0, 7);
  const statements = createStatementRepository(db, () => now);
  for await (const batch of statements.postpaid(statementMonth(lastMonth), true)) void batch;

  // The last eight UPI and bank payments recorded, as the bank reports them.
  const paid = await db
    .select({
      at: accountEntriesTable.at,
      reference: accountEntriesTable.reference,
      amount: accountEntriesTable.amount,
      firstName: customersTable.firstName,
      lastName: customersTable.lastName,
    })
    .from(accountEntriesTable)
    .innerJoin(customersTable, sql`${customersTable.id} = ${accountEntriesTable.customerId}`)
    .where(
      and(
        inArray(accountEntriesTable.kind, ['payment', 'topup']),
        inArray(accountEntriesTable.method, ['UPI', 'Bank transfer']),
      ),
    )
    .orderBy(desc(accountEntriesTable.at), desc(accountEntriesTable.id))
    .limit(8);
  if (paid.length === 0) return;
  const rupees = (paise: number) => (paise / 100).toFixed(2);
  const lines = paid.map((p, i) =>
    [
      indiaDay(p.at),
      p.reference,
      // One line the bank reports ₹10 short of what was recorded.
      rupees(i === 3 ? p.amount - 1000 : p.amount),
      `${p.firstName} ${p.lastName}`,
    ].join(','),
  );
  const today = indiaDay(now);
  lines.push(`${today},${'7' + today.replace(/-/g, '').slice(2)}01234,1500.00,Anil Traders`);
  lines.push(`${today},HDFCN${today.replace(/-/g, '')}55501,820.50,R K Nair`);
  const bytes = Buffer.from(['date,reference,amount,payer', ...lines].join('\n') + '\n');
  await importSettlement(
    db,
    { name: DEMO_SETTLEMENT_FILE, bytes, lines: parseSettlementFile(bytes) },
    null,
  );
}
