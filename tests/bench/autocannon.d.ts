// autocannon ships no types (and there is no @types package for version 9): the parts the auth bench uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Requests per second of each connection. */
      connectionRate?: number;
      /** Requests per second of all connections together. */
      overallRate?: number;
      /** Seconds. */
      duration?: number;
      /** Requests in all, instead of a duration. */
      amount?: number;
      requests?: Request[];
      ignoreCoordinatedOmission?: boolean;
    }

    /** Figures of a statistic (latency in ms, requests per second, ...). */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
      duration: number;
    }

    interface Instance extends EventEmitter {
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): this;
    }
  }

  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  export = autocannon;
}
