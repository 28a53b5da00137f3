import { API_PATHS } from '@pitclock/contracts/api-paths';
import { SYNC_EVENTS } from '@pitclock/contracts/schemas';
import { getAuthUser } from '@pitclock/kit';
import { Router, type RequestHandler, type Response } from 'express';
import type { EventSink, LiveUpdates } from '../../application/live-updates';

export type EventRoutesDeps = {
  live: Pick<LiveUpdates, 'connect'>;
  heartbeatMs: number;
  requireUser: RequestHandler;
};

const sinkOver = (res: Response): EventSink => ({
  poke: (scope) => {
    if (!res.writableEnded) res.write(`event: ${SYNC_EVENTS.poke}\ndata: ${JSON.stringify({ scope })}\n\n`);
  },
  end: () => {
    if (!res.writableEnded) res.end();
  },
});

/** GET /api/sync/events: server-sent events, 'ready' at once, then a 'poke' per change of a scope read. */
export const createEventRoutes = ({ live, heartbeatMs, requireUser }: EventRoutesDeps): Router => {
  const router = Router();

  router.get(API_PATHS.syncEvents, requireUser, async (req, res) => {
    const sink = sinkOver(res);
    const disconnect = await live.connect(getAuthUser(req).id, sink);
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      // nginx would buffer the stream otherwise.
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write(`event: ${SYNC_EVENTS.ready}\ndata: {}\n\n`);
    // A comment line now and then: proxies close a connection that stays silent.
    const heartbeat = setInterval(() => {
      if (!res.writableEnded) res.write(': heartbeat\n\n');
    }, heartbeatMs);
    res.on('close', () => {
      clearInterval(heartbeat);
      disconnect();
    });
  });

  return router;
};
