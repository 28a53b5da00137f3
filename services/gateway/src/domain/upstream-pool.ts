/**
 * The instances of one service behind the gateway: round-robin over them, and passive health (an
 * instance whose connection failed is skipped for a cool-down). Pure: the clock is a parameter.
 */
export type UpstreamInstance = {
  readonly url: string;
  /** Epoch ms until which the instance is skipped; 0 when it is healthy. */
  coolingUntil: number;
};

export type UpstreamPool = {
  readonly instances: readonly UpstreamInstance[];
  /**
   * The instances to try for one request, in order: the next one in the rotation among those not cooling
   * down, then the rest of those, then the cooling ones (a try is better than a certain 502). Every
   * instance appears once, so a request is never sent twice to the same instance.
   */
  attemptOrder: () => UpstreamInstance[];
  /** The connection to the instance failed: skip it for the cool-down. */
  markFailed: (instance: UpstreamInstance) => void;
  /** A response came from the instance: it is healthy again. */
  markHealthy: (instance: UpstreamInstance) => void;
  isCooling: (instance: UpstreamInstance) => boolean;
};

export type UpstreamPoolOptions = {
  urls: readonly string[];
  cooldownMs: number;
  now: () => number;
};

const rotate = <T>(items: readonly T[], by: number): T[] => {
  if (items.length === 0) return [];
  const start = by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
};

export const createUpstreamPool = ({ urls, cooldownMs, now }: UpstreamPoolOptions): UpstreamPool => {
  if (urls.length === 0) throw new Error('an upstream needs at least one instance');
  const instances: UpstreamInstance[] = urls.map((url) => ({ url, coolingUntil: 0 }));
  let turn = 0;
  const isCooling = (instance: UpstreamInstance) => instance.coolingUntil > now();
  return {
    instances,
    isCooling,
    attemptOrder: () => {
      // One instance (the usual deployment): it is the order, cooling down or not.
      if (instances.length === 1) return [instances[0]!];
      const available = instances.filter((instance) => !isCooling(instance));
      const cooling = instances.filter(isCooling);
      const order = [...rotate(available, turn), ...rotate(cooling, turn)];
      turn = (turn + 1) % Number.MAX_SAFE_INTEGER;
      return order;
    },
    markFailed: (instance) => {
      instance.coolingUntil = now() + cooldownMs;
    },
    markHealthy: (instance) => {
      instance.coolingUntil = 0;
    },
  };
};

/**
 * How one attempt to reach an instance failed.
 * - `connect`: the connection was never established (refused, unreachable, DNS, TLS handshake, connect
 *   timeout): the request provably never reached the instance.
 * - `reset`: connected and (maybe) sent, then the connection broke before any response byte: the
 *   instance may have received and acted on the request.
 * - `timeout`: no answer within the proxy timeout.
 * - `response`: the instance answered something (headers, or bytes the HTTP parser refused).
 */
export type AttemptFailure = 'connect' | 'reset' | 'timeout' | 'response';

/** Methods that RFC 9110 calls idempotent and that PitClock's services implement as such. */
export const idempotentMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * May the request go to the next instance after this failure? Only when it cannot cause a double write:
 * any method when it never reached the instance, an idempotent one after a reset before any response.
 * Never after a timeout (504) or once the instance answered.
 */
export const mayRetry = (method: string, failure: AttemptFailure): boolean =>
  failure === 'connect' || (failure === 'reset' && idempotentMethods.has(method.toUpperCase()));

/** Does this failure put the instance in cool-down? A broken connection does; a slow answer does not. */
export const coolsDown = (failure: AttemptFailure): boolean => failure === 'connect' || failure === 'reset';
