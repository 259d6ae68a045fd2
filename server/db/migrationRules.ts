import { sqlWords } from './migrate';

/**
 * What a migration may not do to a table that holds millions of rows at a year of a
 * subscription operator (10 M orders), because it would hold a lock that stops the orders'
 * writes for longer than a second: docs/operations.md, "Migrations". Checked on every migration
 * after 0044 by tests/unit/migration-rules.test.ts.
 */
export const BIG_TABLES = [
  'orders',
  'order_status_history',
  'order_accessories',
  'customer_order_counts',
  'invoices',
  'credit_notes',
  'account_entries',
  'account_dues',
  'account_months',
  'audit_log',
  'customers',
  'customer_addresses',
  'customer_notes',
  'subscriptions',
  'subscription_changes',
  'subscription_pauses',
  'subscription_skips',
  'returnable_entries',
  'returnable_balances',
  'return_requests',
  'support_tickets',
  'support_replies',
  'support_customers',
  'settlement_lines',
  'uploads',
] as const;

/** The newest migration written before these rules: those after it must follow them. */
export const RULES_FROM_AFTER = 44;

const NAME = String.raw`(?:"?[a-z_][a-z0-9_]*"?\.)?"?([a-z_][a-z0-9_]*)"?`;
const ALTER_TABLE = new RegExp(String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${NAME}`);
const CREATE_INDEX = new RegExp(
  String.raw`^create\s+(?:unique\s+)?index\s+(concurrently\s+)?(?:if\s+not\s+exists\s+)?` +
    String.raw`(?:"?[a-z_][a-z0-9_$]*"?\s+)?on\s+(?:only\s+)?${NAME}`,
);
const UPDATE_OR_DELETE = new RegExp(
  String.raw`^(?:with\b.*?\)\s*)?(?:update\s+(?:only\s+)?|delete\s+from\s+(?:only\s+)?)${NAME}`,
);
/** Defaults PostgreSQL must compute row by row, so adding the column rewrites the table. */
const VOLATILE_DEFAULT =
  /\bdefault\s+(?:\(\s*)?(?:random|clock_timestamp|timeofday|gen_random_uuid|uuid_generate_v[14]|nextval)\s*\(/;
/** Column kinds that fill every row when added: a rewrite. */
const FILLED_COLUMN = /\b(?:big|small)?serial\b|\bgenerated\s+(?:always|by\s+default)\s+as\b/;

const big = (table: string | undefined) =>
  table !== undefined && (BIG_TABLES as readonly string[]).includes(table);

/** One statement in lower case, comments and quoted text out, on one line. */
const normal = (statement: string) => sqlWords(statement).replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The rules a migration's SQL breaks, each as a line saying which statement and why; empty when
 * it keeps them. Statements are split as drizzle splits them (`--> statement-breakpoint`) and by
 * `;` outside quotes and function bodies.
 */
export function migrationRuleBreaks(sql: string): string[] {
  const breaks: string[] = [];
  const transactional = !/^\s*--\s*migrate:\s*no-transaction\b/i.test(sql);
  const statements = sql
    .split('--> statement-breakpoint')
    .flatMap((chunk) => splitStatements(chunk))
    .map(normal)
    .filter(Boolean);
  for (const s of statements) {
    const said = s.length > 90 ? `${s.slice(0, 87)}...` : s;
    if (/^vacuum\b.*\bfull\b/.test(s) || /^vacuum\s*\(.*\bfull\b/.test(s)) {
      breaks.push(`${said}: VACUUM FULL locks the table out while it rewrites it`);
    }
    if (/^cluster\b/.test(s))
      breaks.push(`${said}: CLUSTER locks the table out while it rewrites it`);
    const index = CREATE_INDEX.exec(s);
    if (index && !index[1] && big(index[2])) {
      breaks.push(`${said}: an index on ${index[2]} must be built CONCURRENTLY`);
    }
    const alter = ALTER_TABLE.exec(s);
    if (alter && big(alter[1])) {
      const table = alter[1];
      for (const action of s.split(/,(?![^()]*\))/)) {
        if (
          /\badd\s+(?:column\s+)?(?!constraint\b|primary\b|unique\b|check\b|foreign\b)/.test(action)
        ) {
          if (/\bnot\s+null\b/.test(action) && !/\bdefault\b/.test(action)) {
            breaks.push(`${said}: a NOT NULL column added to ${table} needs a default`);
          }
          if (VOLATILE_DEFAULT.test(action) || FILLED_COLUMN.test(action)) {
            breaks.push(`${said}: a column filled row by row rewrites ${table}`);
          }
        }
        if (/\balter\s+(?:column\s+)?\S+\s+(?:set\s+data\s+)?type\b/.test(action)) {
          breaks.push(`${said}: changing a column's type on ${table} rewrites it`);
        }
        if (/\balter\s+(?:column\s+)?\S+\s+set\s+not\s+null\b/.test(action)) {
          breaks.push(
            `${said}: SET NOT NULL scans ${table} under its lock; add a CHECK (...) NOT VALID, ` +
              `VALIDATE it, then SET NOT NULL`,
          );
        }
        if (
          /\badd\s+(?:constraint\s+\S+\s+)?(?:foreign\s+key|check)\b/.test(action) &&
          !/\bnot\s+valid\b/.test(action)
        ) {
          breaks.push(`${said}: a constraint on ${table} is added NOT VALID, then VALIDATEd`);
        }
        if (/\badd\s+(?:constraint\s+\S+\s+)?(?:primary\s+key|unique)\b/.test(action)) {
          if (!/\busing\s+index\b/.test(action)) {
            breaks.push(
              `${said}: a key on ${table} is added USING INDEX built CONCURRENTLY beforehand`,
            );
          }
        }
      }
    }
    const write = UPDATE_OR_DELETE.exec(s);
    if (write && transactional && big(write[1])) {
      breaks.push(
        `${said}: rows of ${write[1]} are changed in batches that commit ` +
          `(a no-transaction migration calling a procedure), not in one transaction`,
      );
    }
  }
  return breaks;
}

/** Statements of SQL text split at `;` outside quotes, comments and dollar-quoted bodies. */
function splitStatements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  const token =
    /\$([a-z_]*)\$[\s\S]*?\$\1\$|'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|;/gi;
  for (let m = token.exec(text); m; m = token.exec(text)) {
    if (m[0] === ';') {
      out.push(text.slice(start, m.index));
      start = m.index + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}
