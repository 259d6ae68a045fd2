import { describe, expect, it } from 'vitest';
import { ACCESSORY_MATERIALS, ACCESSORY_TYPES } from '@resources/accessories/choices';
import { CATEGORY_KIND_CHOICES, kindLabel } from '@resources/categories/kinds';
import { messages as supportsMessages } from '@resources/supports/messages';
import { allPermissions, isPermissionGroup, PERMISSION_GROUPS } from '@shared/permissions';
import { isOrderStatus, OPEN_ORDER_STATUSES, ORDER_STATUSES } from '@shared/statuses';

// The panel's choices and labels are derived from shared/: the same values and wording as the
// lists the panel held before.
describe('shared facts as the panel shows them', () => {
  it('category kinds keep their names and order', () => {
    expect(CATEGORY_KIND_CHOICES).toEqual([
      { id: 'water', name: 'Water' },
      { id: 'oxygen', name: 'Oxygen' },
      { id: 'laundry', name: 'Laundry' },
      { id: 'tiffin', name: 'Tiffin' },
      { id: 'ecommerce', name: 'E-commerce' },
      { id: 'other', name: 'Other' },
    ]);
    expect(kindLabel('ecommerce')).toBe('E-commerce');
    expect(kindLabel('boats')).toBe('boats');
  });

  it('support types keep their codes', () => {
    expect(supportsMessages.types).toEqual({
      '0': 'Order Issues',
      '1': 'Shipping & Delivery',
      '2': 'Returns & Refunds',
      '3': 'Payment Issues',
      '4': 'Contact Customer Service',
      '5': 'FAQs',
    });
  });

  it('accessory types and materials', () => {
    expect(ACCESSORY_TYPES.water.map((c) => c.name)).toEqual([
      'Tap',
      'Dispenser',
      'Stand',
      'Cover',
      'Cap',
      'Cleaning brush',
      'Other',
    ]);
    expect(ACCESSORY_TYPES.oxygen.map((c) => c.id)).toEqual([
      'regulator',
      'mask',
      'flow_meter',
      'stand',
      'pipe',
      'humidifier_bottle',
      'valve',
      'cover',
      'other',
    ]);
    expect(ACCESSORY_MATERIALS.map((c) => c.id)).toEqual([
      'metal',
      'plastic',
      'rubber',
      'silicone',
      'glass',
      'other',
    ]);
  });

  it('permission helpers', () => {
    expect(allPermissions(false)).toEqual(
      Object.fromEntries(PERMISSION_GROUPS.map((g) => [g, false])),
    );
    expect(Object.values(allPermissions(true))).toEqual(PERMISSION_GROUPS.map(() => true));
    expect(isPermissionGroup('tiffinPlan')).toBe(true);
    expect(isPermissionGroup('superAdmin')).toBe(false);
  });

  it('order statuses', () => {
    expect(ORDER_STATUSES).toEqual(['Pending', 'Out for Delivery', 'Delivered', 'Cancelled']);
    expect(OPEN_ORDER_STATUSES).toEqual(['Pending', 'Out for Delivery']);
    expect(isOrderStatus('Out for Delivery')).toBe(true);
    expect(isOrderStatus('Shipped')).toBe(false);
  });
});
