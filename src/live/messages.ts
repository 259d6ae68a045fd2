/** What the live alerts say (plain text: the i18nProvider shows a missing key as it is). */
export const LIVE_MESSAGES = {
  emergency: (o: { orderId: string; serviceName: string; pincode: string }) =>
    `Emergency order ${o.orderId} for ${o.serviceName || 'a service'}, pin code ${o.pincode}.`,
  newOrder: (o: { orderId: string; serviceName: string; pincode: string }) =>
    `New order ${o.orderId} for ${o.serviceName || 'a service'}, pin code ${o.pincode}.`,
  noticeEveryOrder: 'Notice every new order',
  newOrders: (n: number) => `${n} new ${n === 1 ? 'order' : 'orders'}`,
  runningLate: (
    o: { orderId: string; serviceName: string; pincode: string; rider: { name: string } | null },
    age: string,
    alert: number,
  ) =>
    `Running late: emergency order ${o.orderId} for ${o.serviceName || 'a service'}, pin code ${o.pincode}, placed ${age} ago (alert after ${alert} min). ${o.rider ? `Rider: ${o.rider.name}.` : 'No rider yet.'}`,
  moreRunningLate: (n: number) => `and ${n} more running late`,
  acknowledge: 'Acknowledge',
  view: 'View order',
  mute: 'Mute alert sound',
  muted: 'Alert sound off',
  unmuted: 'Alert sound on',
};
