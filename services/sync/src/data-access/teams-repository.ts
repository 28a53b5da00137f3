import type { Db, Tx } from '@pitclock/kit';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  teamInvites,
  teamMembers,
  teams,
  type TeamInviteRow,
  type TeamMemberRow,
  type TeamRow,
} from './schema';

export type TeamRole = TeamMemberRow['role'];
export type TeamWithMembers = TeamRow & { members: TeamMemberRow[] };

/** The statements of one change to teams, all in its transaction. */
export type TeamsTransaction = {
  /** Serializes the membership changes of one user (their team count is checked, then changed). */
  lockUser: (userId: number) => Promise<void>;
  teamCountOf: (userId: number) => Promise<number>;
  /** The team's row, locked until commit (serializes joins and removals of one team). */
  lockTeam: (teamId: string) => Promise<TeamRow | undefined>;
  memberCountOf: (teamId: string) => Promise<number>;
  membership: (teamId: string, userId: number) => Promise<TeamMemberRow | undefined>;
  insertTeam: (team: { name: string; ownerId: number; createdAt: Date }) => Promise<TeamRow>;
  insertMember: (member: {
    teamId: string;
    userId: number;
    name: string;
    role: TeamRole;
    joinedAt: Date;
  }) => Promise<void>;
  deleteMember: (teamId: string, userId: number) => Promise<void>;
  insertInvite: (invite: {
    codeHash: string;
    teamId: string;
    createdBy: number;
    createdAt: Date;
    expiresAt: Date;
  }) => Promise<void>;
  /** The invite with that code hash, locked until commit. */
  lockInvite: (codeHash: string) => Promise<TeamInviteRow | undefined>;
  useInvite: (codeHash: string, userId: number, at: Date) => Promise<void>;
};

export type TeamsRepository = {
  inTransaction: <T>(run: (tx: TeamsTransaction) => Promise<T>) => Promise<T>;
  /** The ids of the teams the user is in. */
  teamIdsOf: (userId: number) => Promise<string[]>;
  /** The user's teams with their members (oldest team first; members by join time). */
  teamsOf: (userId: number) => Promise<TeamWithMembers[]>;
  /** The team with its members, when the user is one of them. */
  teamOfMember: (teamId: string, userId: number) => Promise<TeamWithMembers | undefined>;
};

/** Per-user advisory locks of this service (the second key is the user id). */
const USER_LOCK_SPACE = 7_140_404;

const teamsTransaction = (tx: Tx): TeamsTransaction => ({
  lockUser: async (userId) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_LOCK_SPACE}, ${userId})`);
  },
  teamCountOf: async (userId) => {
    const [row] = await tx.select({ n: count() }).from(teamMembers).where(eq(teamMembers.userId, userId));
    return row?.n ?? 0;
  },
  lockTeam: async (teamId) => {
    const [row] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
    return row;
  },
  memberCountOf: async (teamId) => {
    const [row] = await tx.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
    return row?.n ?? 0;
  },
  membership: async (teamId, userId) => {
    const [row] = await tx
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    return row;
  },
  insertTeam: async (team) => {
    const [row] = await tx.insert(teams).values(team).returning();
    return row!;
  },
  insertMember: async (member) => {
    await tx.insert(teamMembers).values(member);
  },
  deleteMember: async (teamId, userId) => {
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  },
  insertInvite: async (invite) => {
    await tx.insert(teamInvites).values(invite);
  },
  lockInvite: async (codeHash) => {
    const [row] = await tx.select().from(teamInvites).where(eq(teamInvites.codeHash, codeHash)).for('update');
    return row;
  },
  useInvite: async (codeHash, userId, at) => {
    await tx
      .update(teamInvites)
      .set({ usedAt: at, usedBy: userId })
      .where(eq(teamInvites.codeHash, codeHash));
  },
});

const withMembers = async (db: Db, rows: TeamRow[]): Promise<TeamWithMembers[]> => {
  if (rows.length === 0) return [];
  const members = await db
    .select()
    .from(teamMembers)
    .where(
      inArray(
        teamMembers.teamId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
  return rows.map((row) => ({ ...row, members: members.filter((m) => m.teamId === row.id) }));
};

export const createTeamsRepository = (db: Db): TeamsRepository => ({
  inTransaction: (run) => db.transaction((tx) => run(teamsTransaction(tx))),
  teamIdsOf: async (userId) =>
    (
      await db
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(eq(teamMembers.userId, userId))
        .orderBy(asc(teamMembers.teamId))
    ).map((row) => row.teamId),
  teamsOf: async (userId) => {
    const rows = await db
      .select({ team: teams })
      .from(teams)
      .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
      .where(eq(teamMembers.userId, userId))
      .orderBy(asc(teams.createdAt), asc(teams.id));
    return withMembers(
      db,
      rows.map((row) => row.team),
    );
  },
  teamOfMember: async (teamId, userId) => {
    const rows = await db
      .select({ team: teams })
      .from(teams)
      .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
      .where(and(eq(teams.id, teamId), eq(teamMembers.userId, userId)));
    return (
      await withMembers(
        db,
        rows.map((row) => row.team),
      )
    )[0];
  },
});
