import { count } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import { allPermissions } from '../../permissions';
import type { Database } from '../client';
import { adminsTable, type Permissions } from '../schema';

/** Demo staff, each with a different slice of the back office. */
const DEMO_ADMINS: { name: string; email: string; phone: string; grants: (keyof Permissions)[] }[] =
  [
    {
      name: 'Priya Sharma',
      email: 'priya.sharma@example.com',
      phone: '9876543210',
      grants: ['orders', 'assigningJobs', 'return'],
    },
    {
      name: 'Rahul Verma',
      email: 'rahul.verma@example.com',
      phone: '9845012345',
      grants: ['serviceManagement', 'pricingManagement', 'banners'],
    },
    {
      name: 'Ananya Iyer',
      email: 'ananya.iyer@example.com',
      phone: '+917012345678',
      grants: ['userManagement', 'supports'],
    },
    {
      name: 'Arjun Nair',
      email: 'arjun.nair@example.com',
      phone: '9123456780',
      grants: ['tiffinPlan', 'others', 'settings'],
    },
  ];

/**
 * Adds the demo admins when only the super-admin exists. They sign in with `Demo-<First>-2026`
 * (e.g. `Demo-Priya-2026`); nothing is added on a database that already has other admins.
 */
export async function seedDemoAdmins(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(adminsTable);
  if ((existing?.n ?? 0) > 1) return;
  const rows = await Promise.all(
    DEMO_ADMINS.map(async (a) => ({
      name: a.name,
      email: a.email,
      phone: a.phone,
      passwordHash: await hashPassword(`Demo-${a.name.split(' ')[0]}-2026`),
      role: 'admin' as const,
      status: 'Active' as const,
      permissions: {
        ...allPermissions(false),
        ...Object.fromEntries(a.grants.map((g) => [g, true])),
      },
    })),
  );
  await db.insert(adminsTable).values(rows).onConflictDoNothing();
}
