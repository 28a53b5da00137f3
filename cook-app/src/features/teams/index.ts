// The Team screen (/team): create or join a team, its members, invites (issue 20).
export { TeamScreen, type TeamScreenProps } from './team-screen';
