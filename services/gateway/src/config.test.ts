import { ConfigError, loadConfig } from '@pitclock/kit';
import { describe, expect, it } from 'vitest';
import { gatewayConfigSchema } from './config';

describe('gateway config', () => {
  it('defaults: port 8080, services on 3001-3004, open-meteo and jsonbin hosts, dist folders of the monorepo', () => {
    const config = loadConfig(gatewayConfigSchema, {});
    expect(config.port).toBe(8080);
    expect(config.upstreams).toEqual({
      auth: ['http://127.0.0.1:3001'],
      licensing: ['http://127.0.0.1:3002'],
      notifier: ['http://127.0.0.1:3003'],
      sync: ['http://127.0.0.1:3004'],
    });
    expect(config.STREAM_IDLE_TIMEOUT_MS).toBe(120_000);
    expect(config.UPSTREAM_COOLDOWN_MS).toBe(2_000);
    expect(config.UPSTREAM_MAX_SOCKETS).toBe(64);
    expect(config.BUFFERED_BODIES_MAX_BYTES).toBe(32 * 1024 * 1024);
    expect([config.REQUEST_TIMEOUT_MS, config.HEADERS_TIMEOUT_MS]).toEqual([30_000, 10_000]);
    expect(config.WEATHER_HOSTS).toEqual([
      'https://geocoding-api.open-meteo.com',
      'https://api.open-meteo.com',
    ]);
    expect(config.BACKUP_HOSTS).toEqual(['https://api.jsonbin.io']);
    expect(config.staticRoots.shell).toMatch(/\/shell\/dist$/);
    expect(config.staticRoots.cookApp).toMatch(/\/cook-app\/dist$/);
    expect(config.staticRoots.adminConsole).toMatch(/\/admin-console\/dist$/);
  });

  it('BUFFERED_BODIES_MAX_BYTES is at least one largest body (1 MiB)', () => {
    expect(
      loadConfig(gatewayConfigSchema, { BUFFERED_BODIES_MAX_BYTES: '8388608' }).BUFFERED_BODIES_MAX_BYTES,
    ).toBe(8 * 1024 * 1024);
    expect(() => loadConfig(gatewayConfigSchema, { BUFFERED_BODIES_MAX_BYTES: '1000' })).toThrow(ConfigError);
  });

  it('GATEWAY_PORT wins over PORT; lists and static folders are overridable', () => {
    const config = loadConfig(gatewayConfigSchema, {
      PORT: '9000',
      GATEWAY_PORT: '9100',
      WEATHER_HOSTS: 'https://w.example',
      BACKUP_HOSTS: '',
      STATIC_ROOT: '/srv/pitclock',
      SHELL_DIST: '/opt/shell',
    });
    expect(config.port).toBe(9100);
    expect(config.WEATHER_HOSTS).toEqual(['https://w.example']);
    expect(config.BACKUP_HOSTS).toEqual(['https://api.jsonbin.io']);
    expect(config.staticRoots).toEqual({
      shell: '/opt/shell',
      cookApp: '/srv/pitclock/cook-app/dist',
      adminConsole: '/srv/pitclock/admin-console/dist',
    });
    expect(loadConfig(gatewayConfigSchema, { PORT: '9000' }).port).toBe(9000);
  });

  it('fails fast naming each bad variable', () => {
    expect(() => loadConfig(gatewayConfigSchema, { AUTH_URL: 'ftp://x', WEATHER_HOSTS: 'nope' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig(gatewayConfigSchema, { AUTH_URL: 'ftp://x', WEATHER_HOSTS: 'nope' })).toThrow(
      /AUTH_URL: must be an http\(s\) URL[\s\S]*WEATHER_HOSTS\.0: /,
    );
  });

  it('a service URL may be one URL or a comma-separated list of instances (spaces around entries allowed)', () => {
    const config = loadConfig(gatewayConfigSchema, {
      AUTH_URL: 'http://auth-1:3001, http://auth-2:3001,https://auth-3.example/',
      LICENSING_URL: 'http://licensing:3002',
      SYNC_URL: 'http://sync-1:3004,http://sync-2:3004',
      UPSTREAM_COOLDOWN_MS: '500',
    });
    expect(config.upstreams).toEqual({
      auth: ['http://auth-1:3001', 'http://auth-2:3001', 'https://auth-3.example/'],
      licensing: ['http://licensing:3002'],
      notifier: ['http://127.0.0.1:3003'],
      sync: ['http://sync-1:3004', 'http://sync-2:3004'],
    });
    expect(config.UPSTREAM_COOLDOWN_MS).toBe(500);
  });

  it('refuses a list with a bad entry, naming the variable and the entry but not its value', () => {
    const attempt = () =>
      loadConfig(gatewayConfigSchema, { LICENSING_URL: 'http://l-1:3002,ftp://user:secret@l-2' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/LICENSING_URL: entry 2 of 2 must be an http\(s\) URL/);
    expect(attempt).not.toThrow(/secret/);
  });

  it.each([
    ['http://a:3001,,http://b:3001', 'NOTIFIER_URL: entry 2 of 3 is empty'],
    ['http://a:3001,', 'NOTIFIER_URL: entry 2 of 2 is empty'],
    [',http://a:3001', 'NOTIFIER_URL: entry 1 of 2 is empty'],
    [' ', 'NOTIFIER_URL: is empty'],
  ])('refuses an empty entry in a list (%j)', (value, message) => {
    expect(() => loadConfig(gatewayConfigSchema, { NOTIFIER_URL: value })).toThrow(message);
  });

  it('refuses an instance listed twice', () => {
    expect(() =>
      loadConfig(gatewayConfigSchema, { AUTH_URL: 'http://a:3001,http://b:3001,http://a:3001' }),
    ).toThrow(/AUTH_URL: entry 3 of 3 repeats entry 1/);
  });

  it('refuses a cool-down that is not a whole number of milliseconds from 0 to 600000', () => {
    for (const value of ['-1', '1.5', 'soon', '600001'])
      expect(() => loadConfig(gatewayConfigSchema, { UPSTREAM_COOLDOWN_MS: value }), value).toThrow(
        /UPSTREAM_COOLDOWN_MS: /,
      );
    expect(loadConfig(gatewayConfigSchema, { UPSTREAM_COOLDOWN_MS: '0' }).UPSTREAM_COOLDOWN_MS).toBe(0);
  });

  it('refuses a connection limit per instance that is not a whole number from 1 to 10000', () => {
    for (const value of ['0', '-1', '1.5', 'many', '10001'])
      expect(() => loadConfig(gatewayConfigSchema, { UPSTREAM_MAX_SOCKETS: value }), value).toThrow(
        /UPSTREAM_MAX_SOCKETS: /,
      );
    expect(loadConfig(gatewayConfigSchema, { UPSTREAM_MAX_SOCKETS: '8' }).UPSTREAM_MAX_SOCKETS).toBe(8);
  });

  it('refuses a stream idle timeout that is not a whole number of milliseconds from 1000 to 3600000', () => {
    for (const value of ['0', '999', '1.5', 'never', '3600001'])
      expect(() => loadConfig(gatewayConfigSchema, { STREAM_IDLE_TIMEOUT_MS: value }), value).toThrow(
        /STREAM_IDLE_TIMEOUT_MS: /,
      );
    expect(loadConfig(gatewayConfigSchema, { STREAM_IDLE_TIMEOUT_MS: '90000' }).STREAM_IDLE_TIMEOUT_MS).toBe(
      90_000,
    );
  });
});
