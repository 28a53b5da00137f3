import { get, type ClientRequest, type IncomingMessage } from 'node:http';

export type SseEvent = { event: string; data: string };

/**
 * A small server-sent-events client over http.get, for tests: it collects the events of one stream and
 * lets a test wait for the one it expects (no fixed sleeps). Comment lines are counted, not kept.
 */
export type SseReader = {
  status: number;
  headers: IncomingMessage['headers'];
  events: SseEvent[];
  comments: () => number;
  /** Resolves with the first event (from `from` on) that matches; rejects after timeoutMs. */
  next: (
    match: (event: SseEvent) => boolean,
    options?: { from?: number; timeoutMs?: number },
  ) => Promise<SseEvent>;
  /** Resolves once the server has ended the stream. */
  ended: () => Promise<void>;
  close: () => void;
};

export const openSse = (url: string, headers: Record<string, string>): Promise<SseReader> =>
  new Promise((resolve, reject) => {
    const request: ClientRequest = get(
      url,
      { headers: { Accept: 'text/event-stream', ...headers } },
      (res) => {
        const events: SseEvent[] = [];
        const waiters = new Set<() => void>();
        let comments = 0;
        let buffer = '';
        let isEnded = false;
        const endWaiters: (() => void)[] = [];
        const notify = () => {
          for (const waiter of [...waiters]) waiter();
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments += 1;
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length > 0) events.push({ event, data: data.join('\n') });
            cut = buffer.indexOf('\n\n');
          }
          notify();
        });
        const finish = () => {
          if (isEnded) return;
          isEnded = true;
          for (const waiter of endWaiters.splice(0)) waiter();
          notify();
        };
        res.on('end', finish);
        res.on('close', finish);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          events,
          comments: () => comments,
          next: (match, { from = 0, timeoutMs = 15_000 } = {}) =>
            new Promise((found, fail) => {
              const check = () => {
                const event = events.slice(from).find(match);
                if (event) {
                  done();
                  found(event);
                } else if (isEnded) {
                  done();
                  fail(new Error(`the stream ended before the event (${JSON.stringify(events)})`));
                }
              };
              const timer = setTimeout(() => {
                done();
                fail(new Error(`no matching event within ${timeoutMs} ms (${JSON.stringify(events)})`));
              }, timeoutMs);
              const done = () => {
                clearTimeout(timer);
                waiters.delete(check);
              };
              waiters.add(check);
              check();
            }),
          ended: () =>
            new Promise((done) => {
              if (isEnded) done();
              else endWaiters.push(done);
            }),
          close: () => {
            request.destroy();
          },
        });
      },
    );
    request.on('error', reject);
  });

/** Waits for the 'poke' of a scope (counted from event `from`). */
export const pokeOf = (scope: string) => (event: SseEvent) =>
  event.event === 'poke' && (JSON.parse(event.data) as { scope: string }).scope === scope;
