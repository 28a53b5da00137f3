import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { connectInfrastructure } from './service';
import { closedPort, createTestDatabase, testRedisUrl } from './testing';
import { UnreachableError, asUnreachable, describeUnreachable, displayUrl } from './unreachable';

const logger = createLogger({ name: 'unreachable-test', level: 'silent' });
const errno = (code: string, message = `connect ${code} 127.0.0.1:5432`) =>
  Object.assign(new Error(message), { code });

describe('describeUnreachable', () => {
  it('says a refused connection in one sentence, with the URL but never its password or query', () => {
    const sentence = describeUnreachable(
      'PostgreSQL',
      'postgres://pitclock:s3cret-pass@db.example:5433/pitclock?sslmode=require&password=other',
      errno('ECONNREFUSED'),
    );
    expect(sentence).toBe(
      'PostgreSQL at postgres://pitclock@db.example:5433/pitclock is not reachable: connection refused. ' +
        'Start it, or run npm start, which starts one.',
    );
    expect(sentence).not.toMatch(/s3cret|other|sslmode/);
  });

  it('finds the cause inside a wrapping error (AggregateError of several addresses, an error cause)', () => {
    const aggregate = new AggregateError([errno('ECONNREFUSED'), errno('ECONNREFUSED')], 'connect failed');
    expect(describeUnreachable('Redis', 'redis://:pw@localhost:6379', aggregate)).toBe(
      'Redis at redis://localhost:6379 is not reachable: connection refused. ' +
        'Start it, or run npm start, which starts one.',
    );
    const wrapped = new Error('Failed query: select 1', { cause: errno('ENOTFOUND') });
    expect(describeUnreachable('PostgreSQL', 'postgres://u@nowhere.invalid/db', wrapped)).toBe(
      'PostgreSQL at postgres://u@nowhere.invalid/db is not reachable: its host name is unknown. Check DATABASE_URL.',
    );
  });

  it('names what PostgreSQL and Redis refused: credentials, a missing database, a timeout', () => {
    const url = 'postgres://u:p@127.0.0.1:5432/pitclock';
    expect(describeUnreachable('PostgreSQL', url, errno('28P01', 'password authentication failed'))).toBe(
      'PostgreSQL at postgres://u@127.0.0.1:5432/pitclock refused the user name or password. Check DATABASE_URL.',
    );
    expect(describeUnreachable('PostgreSQL', url, errno('3D000', 'database "pitclock" does not exist'))).toBe(
      'PostgreSQL at postgres://u@127.0.0.1:5432/pitclock has no such database. ' +
        'Create it, or run npm start, which creates one.',
    );
    expect(
      describeUnreachable('PostgreSQL', url, new Error('timeout exceeded when trying to connect')),
    ).toMatch(/is not reachable: no answer in time\. Start it/);
    expect(
      describeUnreachable('Redis', 'redis://127.0.0.1:6379', new Error('WRONGPASS invalid password')),
    ).toBe('Redis at redis://127.0.0.1:6379 refused the user name or password. Check REDIS_URL.');
  });

  it('leaves other failures alone: a failed migration keeps its error and stack', () => {
    const sqlError = errno('42P01', 'relation "users" does not exist');
    expect(describeUnreachable('PostgreSQL', 'postgres://127.0.0.1/db', sqlError)).toBeUndefined();
    expect(asUnreachable('PostgreSQL', 'postgres://127.0.0.1/db', sqlError)).toBe(sqlError);
    expect(describeUnreachable('PostgreSQL', 'postgres://127.0.0.1/db', 'not an error')).toBeUndefined();
  });

  it('shows an unparsable URL as such, never its text', () => {
    expect(displayUrl('postgres://user:pw@[bad')).toBe('(an invalid URL)');
  });
});

describe('connectInfrastructure when a server is down at start', () => {
  it('fails at once with one sentence when PostgreSQL refuses the connection', async () => {
    const url = `postgres://pitclock:secret@127.0.0.1:${await closedPort()}/pitclock`;
    const failure = await connectInfrastructure(
      { DATABASE_URL: url, REDIS_URL: testRedisUrl(), REDIS_KEY_PREFIX: 'unreachable-test:' },
      { logger },
    ).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(UnreachableError);
    expect((failure as Error).message).toMatch(
      /^PostgreSQL at postgres:\/\/pitclock@127\.0\.0\.1:\d+\/pitclock is not reachable: connection refused\. /,
    );
    expect((failure as Error).message).not.toContain('secret');
  });

  it('fails with one sentence when Redis does not become ready', async () => {
    const database = await createTestDatabase();
    try {
      const failure = await connectInfrastructure(
        {
          DATABASE_URL: database.url,
          REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
          REDIS_KEY_PREFIX: 'unreachable-test:',
        },
        { logger, redisReadyTimeoutMs: 300 },
      ).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(UnreachableError);
      expect((failure as Error).message).toMatch(
        /^Redis at redis:\/\/127\.0\.0\.1:\d+ is not reachable: connection refused\. Start it/,
      );
    } finally {
      await database.drop();
    }
  });
});
