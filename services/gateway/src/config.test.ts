import { ConfigError, loadConfig } from '@pitclock/kit';
import { describe, expect, it } from 'vitest';
import { gatewayConfigSchema } from './config';

describe('gateway config', () => {
  it('defaults: port 8080, services on 3001-3003, open-meteo and jsonbin hosts, dist folders of the monorepo', () => {
    const config = loadConfig(gatewayConfigSchema, {});
    expect(config.port).toBe(8080);
    expect(config.upstreams).toEqual({
      auth: 'http://127.0.0.1:3001',
      licensing: 'http://127.0.0.1:3002',
      notifier: 'http://127.0.0.1:3003',
    });
    expect(config.WEATHER_HOSTS).toEqual([
      'https://geocoding-api.open-meteo.com',
      'https://api.open-meteo.com',
    ]);
    expect(config.BACKUP_HOSTS).toEqual(['https://api.jsonbin.io']);
    expect(config.staticRoots.shell).toMatch(/\/shell\/dist$/);
    expect(config.staticRoots.cookApp).toMatch(/\/cook-app\/dist$/);
    expect(config.staticRoots.adminConsole).toMatch(/\/admin-console\/dist$/);
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
});
