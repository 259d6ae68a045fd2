/** What the live alerts say (plain text: the i18nProvider shows a missing key as it is). */
export const LIVE_MESSAGES = {
  emergency: (o: { orderId: string; serviceName: string; pincode: string }) =>
    `Emergency order ${o.orderId} for ${o.serviceName || 'a service'}, pin code ${o.pincode}.`,
  newOrder: (o: { orderId: string; serviceName: string; pincode: string }) =>
    `New order ${o.orderId} for ${o.serviceName || 'a service'}, pin code ${o.pincode}.`,
  noticeEveryOrder: 'Notice every new order',
  newOrders: (n: number) => `${n} new ${n === 1 ? 'order' : 'orders'}`,
  view: 'View order',
  mute: 'Mute alert sound',
  muted: 'Alert sound off',
  unmuted: 'Alert sound on',
};
