import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { EmergencyAlerts } from '@/live/EmergencyAlerts';
import {
  emergencyClock,
  formatAge,
  minutesBetween,
  runningLate,
  type OpenEmergency,
} from '@/orders/emergencyClock';

/**
 * Emergencies on a clock (issue 40): the age an emergency shows, its order-to-delivery time,
 * which open ones run late past the setting, and the persistent "running late" alert.
 */
const NOW = Date.parse('2026-11-24T10:00:00.000Z');
const ago = (minutes: number, seconds = 0) =>
  new Date(NOW - minutes * 60_000 - seconds * 1000).toISOString();

describe('formatAge', () => {
  it.each([
    [0, '0 min'],
    [1, '1 min'],
    [47, '47 min'],
    [59, '59 min'],
    [60, '1 h'],
    [125, '2 h 5 min'],
    [23 * 60 + 59, '23 h 59 min'],
    [24 * 60, '1 d'],
    [27 * 60 + 10, '1 d 3 h'],
    [-3, '0 min'],
  ])('%i minutes read %s', (minutes, text) => {
    expect(formatAge(minutes)).toBe(text);
  });
});

describe('minutesBetween', () => {
  it('counts whole minutes, never below 0 (a clock a little behind)', () => {
    expect(minutesBetween(ago(47, 59), NOW)).toBe(47);
    expect(minutesBetween(new Date(NOW + 30_000), NOW)).toBe(0);
    expect(minutesBetween('not a date', NOW)).toBe(0);
  });
});

describe('emergencyClock', () => {
  const emergency = { isEmergency: true, createdAt: ago(47) };

  it('gives an open emergency its age, late from the setting on', () => {
    expect(emergencyClock({ ...emergency, status: 'Pending' }, NOW, 90)).toEqual({
      kind: 'open',
      minutes: 47,
      late: false,
    });
    const old = { isEmergency: true, createdAt: ago(90), status: 'Out for Delivery' };
    expect(emergencyClock(old, NOW, 90)).toEqual({ kind: 'open', minutes: 90, late: true });
    expect(emergencyClock({ ...old, createdAt: ago(89, 59) }, NOW, 90)?.late).toBe(false);
  });

  it('gives a delivered one its order-to-delivery time, whatever the time now', () => {
    const placed = ago(600);
    const delivered = {
      isEmergency: true,
      status: 'Delivered',
      createdAt: placed,
      deliveredAt: new Date(Date.parse(placed) + 125 * 60_000).toISOString(),
    };
    expect(emergencyClock(delivered, NOW, 90)).toEqual({
      kind: 'delivered',
      minutes: 125,
      late: true,
    });
    expect(emergencyClock(delivered, NOW, 150)?.late).toBe(false);
  });

  it('has no clock for other orders, cancelled ones, or a delivery time not known', () => {
    expect(emergencyClock({ ...emergency, isEmergency: false, status: 'Pending' }, NOW, 90)).toBe(
      null,
    );
    expect(emergencyClock({ ...emergency, status: 'Cancelled' }, NOW, 90)).toBe(null);
    expect(emergencyClock({ ...emergency, status: 'Delivered', deliveredAt: null }, NOW, 90)).toBe(
      null,
    );
  });
});

const open = (id: string, minutes: number): OpenEmergency => ({
  _id: id,
  orderId: `OD${id}`,
  serviceId: 's1',
  serviceName: 'Oxygen',
  pincode: '560001',
  status: 'Pending',
  createdAt: ago(minutes),
  rider: null,
});

describe('runningLate', () => {
  it('keeps the open ones past the setting and not acknowledged, oldest first', () => {
    const list = [open('a', 30), open('b', 95), open('c', 200), open('d', 90)];
    expect(runningLate(list, NOW, 90, new Set()).map((o) => o._id)).toEqual(['c', 'b', 'd']);
    expect(runningLate(list, NOW, 90, new Set(['c'])).map((o) => o._id)).toEqual(['b', 'd']);
    expect(runningLate(list, NOW, 240, new Set())).toEqual([]);
  });
});

describe('the running late alert', () => {
  it('stays with the order, its age and rider until acknowledged', async () => {
    const onAcknowledge = vi.fn();
    const late = { ...open('x', 112), rider: { _id: 'r1', name: 'Ravi Kumar' } };
    render(
      <MemoryRouter>
        <EmergencyAlerts
          orders={[]}
          viewPath={(o) => `/order/view/${o._id}`}
          onClose={() => {}}
          late={{ orders: [late], alertAfterMinutes: 90, now: NOW, onAcknowledge }}
        />
      </MemoryRouter>,
    );
    const alert = screen.getByTestId('running-late');
    expect(alert).toHaveTextContent(
      'Running late: emergency order ODx for Oxygen, pin code 560001, placed 1 h 52 min ago (alert after 90 min). Rider: Ravi Kumar.',
    );
    expect(within(alert).getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      '/order/view/x',
    );
    // No close button and no timeout: only Acknowledge ends it.
    expect(within(alert).queryByRole('button', { name: /close/i })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Acknowledge' }));
    expect(onAcknowledge).toHaveBeenCalledWith(late);
  });

  it('shows three and counts the rest', () => {
    const many = ['a', 'b', 'c', 'd', 'e'].map((id, i) => open(id, 100 + i));
    render(
      <MemoryRouter>
        <EmergencyAlerts
          orders={[]}
          viewPath={(o) => `/order/view/${o._id}`}
          onClose={() => {}}
          late={{ orders: many, alertAfterMinutes: 90, now: NOW, onAcknowledge: () => {} }}
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('running-late')).toHaveLength(3);
    expect(screen.getByText('and 2 more running late')).toBeInTheDocument();
  });
});
