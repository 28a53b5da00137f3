import { describe, expect, it } from 'vitest';
import { forbiddenMids, scopesOf, teamIdOfScope, userIdOfScope } from './scopes';

const TEAM = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('scopes', () => {
  it('reads the team id of a team scope only when it is a uuid, in lower case', () => {
    expect(teamIdOfScope(`t:${TEAM}`)).toBe(TEAM);
    expect(teamIdOfScope(`t:${TEAM.toUpperCase()}`)).toBe(TEAM);
    expect(teamIdOfScope('t:team-a')).toBeUndefined();
    expect(teamIdOfScope(`u:${TEAM}`)).toBeUndefined();
  });

  it('reads the user id of a user scope', () => {
    expect(userIdOfScope('u:42')).toBe(42);
    expect(userIdOfScope('u:042')).toBeUndefined();
    expect(userIdOfScope('t:42')).toBeUndefined();
  });

  it("an account's scopes are its own, then its teams' in order", () => {
    expect(scopesOf(7, ['b', 'a'])).toEqual(['u:7', 't:a', 't:b']);
  });

  it('refuses every mutation outside the own scope and the teams one is in', () => {
    const m = (mid: number, scope: string) => ({ mid, scope, store: 'runs', id: 'x', hlc: 'h' }) as never;
    expect(
      forbiddenMids(
        [m(1, 'u:7'), m(2, 'u:8'), m(3, `t:${TEAM}`), m(4, `t:${TEAM.toUpperCase()}`)],
        7,
        new Set([TEAM]),
      ),
    ).toEqual([2, 4]);
  });

  it("refuses the account's settings in a team scope, even the team of a member, and takes them in its own", () => {
    const m = (mid: number, scope: string, store: string) =>
      ({ mid, scope, store, id: 'x', hlc: 'h' }) as never;
    expect(
      forbiddenMids(
        [m(1, 'u:7', 'settings'), m(2, `t:${TEAM}`, 'settings'), m(3, `t:${TEAM}`, 'runs')],
        7,
        new Set([TEAM]),
      ),
    ).toEqual([2]);
  });
});
