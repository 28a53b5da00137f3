// Texts of the Team screen (issue 20). SPEC.md has no teams: all ours, but for the server's refusals of a
// join, whose texts are the contract's (SYNC_MESSAGES).
import { SYNC_MESSAGES } from '@pitclock/contracts/schemas';

export const TEAM_TEXT = {
  title: 'Team',
  intro:
    'Share cook-offs and templates with your team: everyone in it sees them, and runs them, on their own phone.',
  loading: 'Loading your teams',
  loadFailed: 'Failed to load teams',
  tryAgain: 'Try Again',
  offline: 'Teams need a connection. Your cook-offs and templates keep working offline.',

  createTitle: 'Create a team',
  teamNameLabel: 'Team name',
  memberNameLabel: 'Your name in the team',
  memberNameHint: 'What your teammates see.',
  create: 'Create team',
  createFailed: 'Failed to create team',

  joinTitle: 'Join a team',
  codeLabel: 'Invite code',
  codeHint: '8 letters and digits, from the team owner.',
  join: 'Join team',
  joinFailed: 'Failed to join team',
  /** The server's refusals of a join, beside the code (the contract's texts). */
  inviteInvalid: SYNC_MESSAGES.inviteInvalid,
  alreadyMember: SYNC_MESSAGES.alreadyMember,
  teamFull: SYNC_MESSAGES.teamFull,
  tooManyTeams: SYNC_MESSAGES.tooManyTeams,

  anotherTitle: 'Create or join another team',

  membersOf: (team: string) => `Members of ${team}`,
  owner: 'Owner',
  member: 'Member',
  you: 'you',
  unnamed: 'Teammate',

  invite: 'Invite a teammate',
  inviteCodeLabel: 'Invite code',
  inviteExpires: (when: string) => `Works once, until ${when}.`,
  joinLinkLabel: 'Join link',
  copy: 'Copy',
  copyLink: 'Copy join link',
  copied: 'Link copied',
  copyUnavailable: "Copying isn't available here: select the link and copy it, or read out the code.",
  inviteFailed: 'Failed to create an invite',

  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  removeTitle: 'Remove teammate',
  removeQuestion: (name: string, team: string) =>
    `Remove ${name} from ${team}? They lose the team's cook-offs and templates on their phones; their own stay with them.`,
  removeFailed: 'Failed to remove teammate',

  leave: 'Leave team',
  // The accessible name starts with the button's visible text (WCAG 2.5.3 Label in Name).
  leaveLabel: (team: string) => `Leave team ${team}`,
  leaveTitle: 'Leave team',
  leaveQuestion: (team: string) =>
    `Leave ${team}? You keep your own cook-offs and templates, and lose the team's cook-offs and templates on this phone.`,
  leaveFailed: 'Failed to leave team',
  ownerCannotLeave: 'You own this team, so you cannot leave it.',
  cancel: 'Cancel',
} as const;
