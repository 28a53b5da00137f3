// The external services the browser calls, run locally for e2e (this machine has no internet): Open-Meteo's
// geocoding and forecast APIs and a JSONBin-compatible store, on one origin under three base paths, with
// the CORS answers the real services give. The e2e stack's CSP lists this origin (playwright.config.ts).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Page } from '@playwright/test';

export const GEOCODING_PATH = '/geo/v1/search';
export const FORECAST_PATH = '/wx/v1/forecast';
export const JSONBIN_PATH = '/jsonbin/v3';

type Place = {
  name: string;
  latitude: number;
  longitude: number;
  elevation: number;
  admin1: string;
  admin2: string;
  country: string;
  country_code: string;
  population: number;
};

const texas = { admin1: 'Texas', country: 'United States', country_code: 'US' };
/**
 * Geocoding answers by name, as Open-Meteo matches names ('Ft. Worth' finds nothing): two Springfields
 * in Texas of about the same size (the team has to pick one); Fort Worth; and the Odessas, the
 * largest in Ukraine (a plain 'Odessa' must still be the one in Texas).
 */
const PLACES: Record<string, Place[]> = {
  'fort worth': [
    {
      name: 'Fort Worth',
      latitude: 32.72541,
      longitude: -97.32085,
      elevation: 199,
      admin2: 'Tarrant',
      population: 918_915,
      ...texas,
    },
  ],
  odessa: [
    {
      name: 'Odesa',
      latitude: 46.47747,
      longitude: 30.73262,
      elevation: 50,
      admin1: 'Odesa',
      admin2: '',
      country: 'Ukraine',
      country_code: 'UA',
      population: 1_015_826,
    },
    {
      name: 'Odessa',
      latitude: 31.84568,
      longitude: -102.36764,
      elevation: 890,
      admin2: 'Ector',
      population: 118_918,
      ...texas,
    },
  ],
  springfield: [
    {
      name: 'Springfield',
      latitude: 30.1,
      longitude: -97.1,
      elevation: 150,
      admin2: 'Bastrop',
      population: 1200,
      ...texas,
    },
    {
      name: 'Springfield',
      latitude: 31.5,
      longitude: -96.2,
      elevation: 120,
      admin2: 'Limestone',
      population: 1100,
      ...texas,
    },
    {
      name: 'Springfield',
      latitude: 39.8,
      longitude: -89.6,
      elevation: 180,
      admin1: 'Illinois',
      admin2: 'Sangamon',
      country: 'United States',
      country_code: 'US',
      population: 114_000,
    },
  ],
};

/** The surface pressure of every forecast (hPa): what the boiling point is computed from. */
export const SURFACE_PRESSURE_HPA = 995.3;

/** An hourly forecast for today and tomorrow on this machine's clock (the browser's too). */
function forecast(latitude: number, longitude: number) {
  const today = new Date();
  const day = (offset: number) => {
    const at = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
    return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  };
  const time = Array.from(
    { length: 48 },
    (_, h) => `${day(h < 24 ? 0 : 1)}T${String(h % 24).padStart(2, '0')}:00`,
  );
  return {
    latitude,
    longitude,
    elevation: 150,
    timezone: 'America/Chicago',
    utc_offset_seconds: -21600,
    current_weather: {
      temperature: 24.5,
      windspeed: 14.8,
      winddirection: 170,
      weathercode: 2,
      time: time[10],
    },
    hourly_units: {
      time: 'iso8601',
      temperature_2m: '°C',
      relativehumidity_2m: '%',
      pressure_msl: 'hPa',
      surface_pressure: 'hPa',
    },
    hourly: {
      time,
      temperature_2m: time.map((_, h) => 18 + (h % 24) / 2),
      relativehumidity_2m: time.map((_, h) => 85 - (h % 24)),
      pressure_msl: time.map(() => 1013.25),
      surface_pressure: time.map(() => SURFACE_PRESSURE_HPA),
    },
  };
}

export type JsonBinRequest = {
  method: string;
  path: string;
  masterKey: string | undefined;
  binName: string | undefined;
};

function send(res: ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST',
    'access-control-allow-headers': 'Content-Type, X-Master-Key, X-Bin-Name, X-Bin-Private',
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export type ExternalServices = Awaited<ReturnType<typeof startExternalServices>>;

export async function startExternalServices(port: number) {
  const bins = new Map<string, unknown>();
  const jsonbinRequests: JsonBinRequest[] = [];
  const weatherRequests: string[] = [];

  const jsonbin = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const masterKey = req.headers['x-master-key'] as string | undefined;
    jsonbinRequests.push({
      method: req.method!,
      path,
      masterKey,
      binName: req.headers['x-bin-name'] as string | undefined,
    });
    if (!masterKey) return send(res, 401, { message: 'You need to pass X-Master-Key in the header' });
    if (req.method === 'POST' && path === '/b') {
      const id = randomBytes(12).toString('hex');
      bins.set(id, await readJson(req));
      return send(res, 200, {
        record: bins.get(id),
        metadata: { id, createdAt: new Date().toISOString(), private: true },
      });
    }
    const read = /^\/b\/([0-9a-f]+)\/latest$/.exec(path);
    if (req.method === 'GET' && read && bins.has(read[1]!)) {
      return send(res, 200, { record: bins.get(read[1]!), metadata: { id: read[1], private: true } });
    }
    return send(res, 404, { message: 'Bin not found or it does not belong to your account' });
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (req.method === 'OPTIONS') return send(res, 204);
    if (url.pathname === GEOCODING_PATH) {
      weatherRequests.push(url.pathname + url.search);
      const city = (url.searchParams.get('name') ?? '').toLowerCase();
      return send(res, 200, PLACES[city] ? { results: PLACES[city] } : { generationtime_ms: 0.1 });
    }
    if (url.pathname === FORECAST_PATH) {
      weatherRequests.push(url.pathname + url.search);
      return send(
        res,
        200,
        forecast(Number(url.searchParams.get('latitude')), Number(url.searchParams.get('longitude'))),
      );
    }
    if (url.pathname.startsWith(JSONBIN_PATH)) {
      void jsonbin(req, res, url.pathname.slice(JSONBIN_PATH.length)).catch(() =>
        send(res, 400, { message: 'Bad JSON' }),
      );
      return;
    }
    send(res, 404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    jsonbinRequests,
    weatherRequests,
    /** Points the page's weather and cloud-backup clients here (before any script of the app runs). */
    use: (page: Page) =>
      page.addInitScript((base) => {
        const scope = globalThis as Record<string, unknown>;
        scope.__PITCLOCK_GEOCODING_URL__ = `${base}/geo/v1/search`;
        scope.__PITCLOCK_FORECAST_URL__ = `${base}/wx/v1/forecast`;
        localStorage.setItem('cloudBackupBaseUrl', `${base}/jsonbin/v3`);
      }, origin),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
