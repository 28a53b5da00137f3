import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { session } from '@pitclock/contracts';
import { held } from '@pitclock/contracts/testing';
import { TEAM_TEXT } from './messages';
import {
  ME,
  MY_NAME,
  OTHER_TEAM_ID,
  TEAM_ID,
  USER_TOKEN,
  pointApiAtClosedPort,
  refusal,
  renderTeamScreen,
  startTeamServer,
  team,
} from './test-support';

beforeEach(() => {
  session.setTokens({ token: USER_TOKEN, refresh_token: 'refresh-1' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const field = (label: RegExp | string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText(label) as HTMLInputElement;
/** The error text shown beside a field (its aria-describedby error paragraph). */
const errorBeside = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('pc-field__error'))
    ?.textContent;
};
const createForm = () => screen.getByRole('form', { name: TEAM_TEXT.createTitle });
const joinForm = () => screen.getByRole('form', { name: TEAM_TEXT.joinTitle });

const owned = () =>
  team('Smoke Ring', 'owner', [
    { user_id: ME, name: MY_NAME, role: 'owner' },
    { user_id: '12', name: 'Jess' },
  ]);
const joined = () =>
  team('Hog Heaven', 'member', [
    { user_id: '3', name: 'Sam', role: 'owner' },
    { user_id: ME, name: MY_NAME },
  ]);

describe('Team screen', () => {
  it('shows Loading until the teams are read, then the create and join forms with your name filled in', async () => {
    const answer = held({ json: { teams: [] } });
    const { server } = await startTeamServer({
      refuse: (req) => (req.path === '/api/teams' ? answer.reply : undefined),
    });
    renderTeamScreen();
    expect(screen.getByRole('heading', { level: 1, name: TEAM_TEXT.title })).toBeTruthy();
    expect(screen.getByText(TEAM_TEXT.loading)).toBeTruthy();
    await waitFor(() => expect(server.on('/api/teams')).toHaveLength(1));
    expect(screen.queryByRole('form')).toBeNull();
    answer.release();

    expect(await screen.findByRole('form', { name: TEAM_TEXT.createTitle })).toBeTruthy();
    expect(joinForm()).toBeTruthy();
    expect(screen.queryByText(TEAM_TEXT.loading)).toBeNull();
    expect(screen.queryByText(TEAM_TEXT.anotherTitle)).toBeNull();
    await waitFor(() => expect(field(TEAM_TEXT.memberNameLabel, createForm()).value).toBe(MY_NAME));
    expect(field(TEAM_TEXT.memberNameLabel, joinForm()).value).toBe(MY_NAME);
    expect(server.on('/api/teams')[0]?.headers.authorization).toBe(`Bearer ${USER_TOKEN}`);
  });

  it('a failed read shows the server text with Try Again, which reads the teams again', async () => {
    let fail = true;
    const { server } = await startTeamServer({
      teams: [owned()],
      refuse: (req) =>
        fail && req.path === '/api/teams'
          ? refusal(500, 'internal_error', 'The sync service broke')
          : undefined,
    });
    const { user } = renderTeamScreen();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The sync service broke');
    expect(screen.queryByRole('form')).toBeNull();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: TEAM_TEXT.tryAgain }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Smoke Ring' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.on('/api/teams')).toHaveLength(2);
  });

  it('offline (no server to reach) says teams need a connection and shows no form', async () => {
    await pointApiAtClosedPort();
    renderTeamScreen();
    expect(await screen.findByText(TEAM_TEXT.offline)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByText(TEAM_TEXT.loading)).toBeNull();
  });

  it('offline by the browser: says so without calling the server, and reads the teams when back online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { server } = await startTeamServer({ teams: [owned()] });
    renderTeamScreen();
    expect(await screen.findByText(TEAM_TEXT.offline)).toBeTruthy();
    expect(server.on('/api/teams')).toHaveLength(0);

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Smoke Ring' })).toBeTruthy();
    expect(screen.queryByText(TEAM_TEXT.offline)).toBeNull();
  });

  it('Create team sends the name and your name, then reads the list again and shows the team you own', async () => {
    const { server } = await startTeamServer();
    const { user } = renderTeamScreen();
    await user.click(await screen.findByRole('button', { name: TEAM_TEXT.create }));
    expect(errorBeside(field(/^Team name/))).toBe('Team name is required');
    expect(server.on('/api/teams').filter((r) => r.method === 'POST')).toHaveLength(0);

    await waitFor(() => expect(field(TEAM_TEXT.memberNameLabel, createForm()).value).toBe(MY_NAME));
    await user.type(field(/^Team name/), '  Smoke Ring ');
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.create }));

    const card = await screen.findByRole('region', { name: 'Smoke Ring' });
    const [sent] = server.on('/api/teams').filter((r) => r.method === 'POST');
    expect(sent?.json).toEqual({ name: 'Smoke Ring', member_name: MY_NAME });
    expect(server.on('/api/teams').filter((r) => r.method === 'GET')).toHaveLength(2);
    const members = within(card).getByRole('list', { name: TEAM_TEXT.membersOf('Smoke Ring') });
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`${MY_NAME} (you)Owner`]);
    expect(within(card).getByText(TEAM_TEXT.ownerCannotLeave)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /^Leave/ })).toBeNull();
    // Further teams: the smaller section with both forms.
    expect(screen.getByRole('heading', { level: 2, name: TEAM_TEXT.anotherTitle })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: TEAM_TEXT.createTitle })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: TEAM_TEXT.joinTitle })).toBeTruthy();
  });

  it('a create the server refuses for too many teams says so in the form', async () => {
    await startTeamServer({
      refuse: (req) =>
        req.method === 'POST' && req.path === '/api/teams'
          ? refusal(409, 'too_many_teams', 'server words')
          : undefined,
    });
    const { user } = renderTeamScreen();
    await user.type(await screen.findByLabelText(/^Team name/), 'Smoke Ring');
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.create }));
    expect((await within(createForm()).findByRole('alert')).textContent).toBe(TEAM_TEXT.tooManyTeams);
  });

  it('Join sends the code in capitals with your name, then shows the team you are a member of', async () => {
    const { server } = await startTeamServer();
    const { user } = renderTeamScreen();
    const code = (await screen.findByLabelText(/^Invite code/)) as HTMLInputElement;
    await user.type(code, 'k7qx 2m9a');
    expect(code.value).toBe('K7QX2M9A');
    await waitFor(() => expect(field(TEAM_TEXT.memberNameLabel, joinForm()).value).toBe(MY_NAME));
    await user.clear(field(TEAM_TEXT.memberNameLabel, joinForm()));
    await user.type(field(TEAM_TEXT.memberNameLabel, joinForm()), 'Pat');
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.join }));

    const card = await screen.findByRole('region', { name: 'Hog Heaven' });
    expect(server.on('/api/teams/join')[0]?.json).toEqual({ code: 'K7QX2M9A', member_name: 'Pat' });
    expect(within(card).getByRole('button', { name: TEAM_TEXT.leaveLabel('Hog Heaven') })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: TEAM_TEXT.invite })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('a code that is not 8 letters and digits is refused beside the field before anything is sent', async () => {
    const { server } = await startTeamServer();
    const { user } = renderTeamScreen();
    await user.type(await screen.findByLabelText(/^Invite code/), 'K7QX');
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.join }));
    expect(errorBeside(field(/^Invite code/))).toBe(TEAM_TEXT.inviteInvalid);
    expect(server.on('/api/teams/join')).toHaveLength(0);
  });

  it.each([
    [404, 'team_invite_invalid', TEAM_TEXT.inviteInvalid],
    [409, 'team_already_member', TEAM_TEXT.alreadyMember],
    [409, 'team_full', TEAM_TEXT.teamFull],
  ])('a join the server refuses (%i %s) shows its text beside the code', async (status, code, text) => {
    const { server } = await startTeamServer({
      refuse: (req) =>
        req.path === '/api/teams/join' ? refusal(status, code, 'the server said something else') : undefined,
    });
    const { user } = renderTeamScreen();
    const input = (await screen.findByLabelText(/^Invite code/)) as HTMLInputElement;
    await user.type(input, 'WRONG123');
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.join }));
    await waitFor(() => expect(errorBeside(input)).toBe(text));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('WRONG123');
    expect(server.on('/api/teams/join')).toHaveLength(1);
    // Still no team: the list was not read again.
    expect(server.on('/api/teams')).toHaveLength(1);
  });

  it('/team?code=… fills in the join form with the code (in capitals); after joining the code leaves the address', async () => {
    await startTeamServer({ teams: [owned()] });
    const { user } = renderTeamScreen('/team?code=k7qx2m9a');
    const code = (await screen.findByLabelText(/^Invite code/)) as HTMLInputElement;
    expect(code.value).toBe('K7QX2M9A');
    await user.click(screen.getByRole('button', { name: TEAM_TEXT.join }));
    expect(await screen.findByRole('region', { name: 'Hog Heaven' })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/^Invite code/) as HTMLInputElement).value).toBe(''));
  });

  it('Invite a teammate shows the code big, its expiry and the join link, which Copy puts on the clipboard', async () => {
    const { server } = await startTeamServer({ teams: [owned()] });
    const { user } = renderTeamScreen('/team', { origin: 'https://pitclock.example' });
    const card = await screen.findByRole('region', { name: 'Smoke Ring' });
    await user.click(within(card).getByRole('button', { name: TEAM_TEXT.invite }));

    const code = await within(card).findByTestId('invite-code');
    expect(code.textContent).toBe('K7QX2M9A');
    expect(server.on(`/api/teams/${TEAM_ID}/invites`)).toHaveLength(1);
    const when = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date('2026-06-02T15:00:00.000Z'));
    expect(within(card).getByText(TEAM_TEXT.inviteExpires(when))).toBeTruthy();
    expect(when).toBe('Jun 2, 2026, 3:00 PM');
    const link = within(card).getByLabelText(TEAM_TEXT.joinLinkLabel) as HTMLInputElement;
    expect(link.value).toBe('https://pitclock.example/team?code=K7QX2M9A');

    await user.click(within(card).getByRole('button', { name: TEAM_TEXT.copyLink }));
    expect(await within(card).findByText(TEAM_TEXT.copied)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('https://pitclock.example/team?code=K7QX2M9A');
  });

  it('the join link uses the page origin by default; without a clipboard Copy says how to copy by hand', async () => {
    await startTeamServer({ teams: [owned()] });
    const { user } = renderTeamScreen('/team', {
      writeText: () => Promise.reject(new Error('No clipboard')),
    });
    const card = await screen.findByRole('region', { name: 'Smoke Ring' });
    await user.click(within(card).getByRole('button', { name: TEAM_TEXT.invite }));
    const link = (await within(card).findByLabelText(TEAM_TEXT.joinLinkLabel)) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/team?code=K7QX2M9A`);
    await user.click(within(card).getByRole('button', { name: TEAM_TEXT.copyLink }));
    expect((await within(card).findByRole('alert')).textContent).toBe(TEAM_TEXT.copyUnavailable);
  });

  it('the owner removes a member after confirming (Cancel sends nothing), and the list is read again', async () => {
    const { server } = await startTeamServer({ teams: [owned()] });
    const { user } = renderTeamScreen();
    const card = await screen.findByRole('region', { name: 'Smoke Ring' });
    // The owner has no Remove for themself.
    expect(
      within(card)
        .getAllByRole('button', { name: /^Remove/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([TEAM_TEXT.removeLabel('Jess')]);

    await user.click(within(card).getByRole('button', { name: TEAM_TEXT.removeLabel('Jess') }));
    let dialog = await screen.findByRole('alertdialog', { name: TEAM_TEXT.removeTitle });
    expect(dialog.textContent).toContain(TEAM_TEXT.removeQuestion('Jess', 'Smoke Ring'));
    await user.click(within(dialog).getByRole('button', { name: TEAM_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: TEAM_TEXT.removeLabel('Jess') }));
    dialog = await screen.findByRole('alertdialog', { name: TEAM_TEXT.removeTitle });
    await user.click(within(dialog).getByRole('button', { name: TEAM_TEXT.remove }));
    await waitFor(() => expect(within(card).queryByText('Jess')).toBeNull());
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/teams/${TEAM_ID}/members/12`,
    ]);
    expect(server.on('/api/teams')).toHaveLength(2);
  });

  it('a member leaves after a question that says what they keep and lose; then the team is gone', async () => {
    const { server } = await startTeamServer({ teams: [joined()] });
    const { user } = renderTeamScreen();
    const card = await screen.findByRole('region', { name: 'Hog Heaven' });
    expect(within(card).queryByText(TEAM_TEXT.ownerCannotLeave)).toBeNull();
    await user.click(within(card).getByRole('button', { name: TEAM_TEXT.leaveLabel('Hog Heaven') }));

    const dialog = await screen.findByRole('alertdialog', { name: TEAM_TEXT.leaveTitle });
    expect(dialog.textContent).toContain(TEAM_TEXT.leaveQuestion('Hog Heaven'));
    expect(TEAM_TEXT.leaveQuestion('Hog Heaven')).toContain('You keep your own cook-offs and templates');
    await user.click(within(dialog).getByRole('button', { name: TEAM_TEXT.leave }));

    // No team left: the create and join forms again.
    expect(await screen.findByRole('heading', { level: 2, name: TEAM_TEXT.createTitle })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Hog Heaven' })).toBeNull();
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/teams/${TEAM_ID}/members/${ME}`,
    ]);
  });

  it('a refused remove shows its text in the team and keeps the member', async () => {
    await startTeamServer({
      teams: [owned()],
      refuse: (req) =>
        req.method === 'DELETE'
          ? refusal(403, 'team_owner_only', 'Only the team owner may do this')
          : undefined,
    });
    const { user } = renderTeamScreen();
    const card = await screen.findByRole('region', { name: 'Smoke Ring' });
    await user.click(within(card).getByRole('button', { name: TEAM_TEXT.removeLabel('Jess') }));
    const dialog = await screen.findByRole('alertdialog', { name: TEAM_TEXT.removeTitle });
    await user.click(within(dialog).getByRole('button', { name: TEAM_TEXT.remove }));
    expect((await within(card).findByRole('alert')).textContent).toContain('Only the team owner may do this');
    expect(within(card).getByText('Jess')).toBeTruthy();
  });

  it('lists every team the account is in, each with its own members', async () => {
    await startTeamServer({
      teams: [owned(), { ...joined(), id: OTHER_TEAM_ID, scope: `t:${OTHER_TEAM_ID}` }],
    });
    renderTeamScreen();
    const mine = await screen.findByRole('region', { name: 'Smoke Ring' });
    const theirs = screen.getByRole('region', { name: 'Hog Heaven' });
    expect(within(mine).getByText('Owner', { selector: '.pc-badge' })).toBeTruthy();
    expect(within(theirs).getByText('Member', { selector: '.pc-badge' })).toBeTruthy();
    expect(
      within(within(theirs).getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SamOwner', `${MY_NAME} (you)Member`]);
  });
});
