import { describe, expect, it } from 'vitest';
import { auditRecordPath, auditSummary, changeText } from '@resources/admins/auditEntry';

const entry = (resource: string, action: string, recordId: string | null = 'r1') => ({
  resource,
  action,
  recordId,
});

describe('an audit entry as the Audit Log shows it', () => {
  it('reads the summary, or words from the call for rows written before summaries', () => {
    expect(
      auditSummary({
        ...entry('user', 'update-user-status'),
        summary: 'Blocked customer Mary Mehta',
      }),
    ).toBe('Blocked customer Mary Mehta');
    expect(auditSummary(entry('user', 'update-user-status'))).toBe('Update user status');
    expect(auditSummary(entry('pincode', 'add'))).toBe('Add: pincode');
  });

  it('shows a change as field: from → to, an empty side as a dash', () => {
    expect(changeText({ field: 'Price', from: '₹90', to: '₹95' })).toBe('Price: ₹90 → ₹95');
    expect(changeText({ field: 'Reason', from: null, to: 'Broken seal' })).toBe(
      'Reason: – → Broken seal',
    );
  });

  it('links each record to its screen, and nothing for deleted records or calls without one', () => {
    expect(auditRecordPath(entry('order', 'update-status', 'o1'))).toBe('/order/view/o1');
    expect(auditRecordPath(entry('user', 'update-user-status', 'c1'))).toBe('/user/view/c1');
    expect(auditRecordPath(entry('product', 'edit-product', 'p1'))).toBe('/product/view/p1');
    expect(auditRecordPath(entry('subCategory', 'edit-subCategory', 's1'))).toBe(
      '/sub-category/view/s1',
    );
    expect(auditRecordPath(entry('return-history', 'update-return-request-status', 'x'))).toBe(
      '/return/view/x',
    );
    expect(auditRecordPath(entry('delivery-charge', 'save', null))).toBe('/delivery-charges/edit');
    expect(auditRecordPath(entry('product', 'delete-product', 'p1'))).toBeNull();
    expect(auditRecordPath(entry('account', 'import-settlement', null))).toBeNull();
  });
});
