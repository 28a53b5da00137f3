// Texts of sharing a cook-off or template with a team (issue 20), shared by the Cook-offs and Templates
// screens. SPEC.md has no teams: all ours.
export const SHARE_TEXT = {
  label: 'Share with team',
  onlyMe: 'Only me',
  /** Offline, or in no team yet: the way to the Team screen instead of the select. */
  createTeamFirst: 'Create a team on the Team screen to share',
  loadingTeams: 'Loading your teams…',
  /** A team this device does not know the name of (offline, or left since). */
  unknownTeam: 'Team',
  badge: (name: string | null) => (name ? `Team: ${name}` : 'Team'),
  badgeTitle: (name: string | null) => (name ? `Shared with the team ${name}` : 'Shared with a team'),
} as const;

/** The path of the Team screen (contracts' COOK_SCREENS). */
export const TEAM_PATH = '/team';
