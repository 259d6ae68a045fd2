import type { RiderLanguage } from '@shared/riderMessages';
import type { DeliverBody, NotDeliveredBody, Rider, Stop, Today } from './types';

/** The server answered with an error: its status and its message, in the rider's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** No answer: offline, the connection dropped, or the server took too long. */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('network', { cause });
    this.name = 'NetworkError';
  }
}

export interface RiderApiOptions {
  token: () => string | null;
  language: () => RiderLanguage;
  /** A 401 to a signed-in call: the session has ended. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface RiderApi {
  login(phone: string, pin: string): Promise<{ token: string; rider: Rider }>;
  logout(): Promise<void>;
  today(): Promise<Today>;
  deliver(body: DeliverBody): Promise<Stop>;
  notDelivered(body: NotDeliveredBody): Promise<Stop>;
  proof(orderId: string, idempotencyKey: string, photo: Blob): Promise<Stop>;
}

/**
 * The one place that knows the riders' /api paths. fetch rather than the panel's axios: the
 * page has a 120 KB budget and needs none of axios's extras. Every call says the rider's
 * language (Accept-Language), so the server's messages come in it.
 */
export function createRiderApi(options: RiderApiOptions): RiderApi {
  const { timeoutMs = 20_000 } = options;

  async function call<T>(
    path: string,
    init: { body?: unknown; signedIn?: boolean; endsSession?: boolean } = {},
  ) {
    const { body, signedIn = true, endsSession = false } = init;
    const headers: Record<string, string> = { 'Accept-Language': options.language() };
    const token = options.token();
    if (signedIn && token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(`/api/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(payload instanceof FormData ? timeoutMs * 3 : timeoutMs),
      });
    } catch (error) {
      throw new NetworkError(error);
    }
    const envelope = (await response.json().catch(() => null)) as {
      message?: string;
      result?: T;
    } | null;
    if (!response.ok) {
      if (response.status === 401 && signedIn && !endsSession) options.onUnauthorized();
      throw new ApiError(response.status, envelope?.message ?? '');
    }
    return envelope?.result as T;
  }

  return {
    login: (phone, pin) => call('rider-app/login', { body: { phone, pin }, signedIn: false }),
    logout: async () => {
      // Signing out of a session the server has already ended is no news to the rider.
      await call('rider-app/logout', { body: {}, endsSession: true });
    },
    today: () => call('rider-app/today'),
    deliver: (body) => call('rider-app/deliver', { body }),
    notDelivered: (body) => call('rider-app/not-delivered', { body }),
    proof: (orderId, idempotencyKey, photo) => {
      const form = new FormData();
      form.append('orderId', orderId);
      form.append('idempotencyKey', idempotencyKey);
      form.append('photo', photo, 'proof.jpg');
      return call('rider-app/proof', { body: form });
    },
  };
}
