import { userScope, type Scope } from '@pitclock/contracts/sync';
import { unavailable, type Logger } from '@pitclock/kit';
import type { PokeChannel, PokeMessage } from '../data-access';
import { scopesOf, userIdOfScope } from '../domain/scopes';

/** Where a connection's events go (the event stream of one request). */
export type EventSink = { poke: (scope: Scope) => void; end: () => void };

type Connection = { userId: number; sink: EventSink; scopes: Set<Scope>; reads: number };

export type LiveUpdates = {
  /**
   * Registers a signed-in client's stream once this instance hears every poke: from then on it is poked
   * for each change of a scope its account reads. Answers the function that unregisters it.
   */
  connect: (userId: number, sink: EventSink) => Promise<() => void>;
  /** Tells every instance that these scopes changed. */
  announce: (scopes: readonly Scope[]) => Promise<void>;
  /** Tells every instance that these users' teams changed (their own scope is poked; streams re-read). */
  announceMembership: (userIds: readonly number[]) => Promise<void>;
  /** Open streams on this instance. */
  connections: () => number;
  /** Ends every stream (their clients reconnect to another instance) and refuses new ones. */
  endStreams: () => void;
  /** endStreams, and the subscriber connection closed. */
  close: () => Promise<void>;
};

export type LiveUpdatesDeps = {
  /** The channel; it hands what it hears to the `hear` function given here. */
  channel: (hear: (message: PokeMessage) => void) => PokeChannel;
  teamIdsOf: (userId: number) => Promise<string[]>;
  logger: Logger;
};

/**
 * The pokes of this instance: one Redis subscriber (every instance hears every poke), fanned out in
 * memory to the local streams whose account reads the scope.
 */
export const createLiveUpdates = ({
  channel: makeChannel,
  teamIdsOf,
  logger,
}: LiveUpdatesDeps): LiveUpdates => {
  const byScope = new Map<Scope, Set<Connection>>();
  const all = new Set<Connection>();
  let closed = false;

  const index = (connection: Connection, scopes: Set<Scope>) => {
    for (const scope of connection.scopes) byScope.get(scope)?.delete(connection);
    for (const scope of connection.scopes) if (byScope.get(scope)?.size === 0) byScope.delete(scope);
    connection.scopes = scopes;
    for (const scope of scopes) {
      let set = byScope.get(scope);
      if (!set) byScope.set(scope, (set = new Set()));
      set.add(connection);
    }
  };

  const readScopes = async (userId: number) => new Set(scopesOf(userId, await teamIdsOf(userId)));

  /** The account's teams changed: the stream follows (the last read started wins). */
  const rescope = async (connection: Connection) => {
    connection.reads += 1;
    const read = connection.reads;
    const scopes = await readScopes(connection.userId);
    if (read === connection.reads && all.has(connection)) index(connection, scopes);
  };

  const hear = (message: PokeMessage) => {
    const scope = message.scope as Scope;
    const targets = [...(byScope.get(scope) ?? [])];
    for (const connection of targets) {
      if (message.membership && userIdOfScope(scope) === connection.userId) {
        rescope(connection).then(
          () => connection.sink.poke(scope),
          (err: unknown) => {
            logger.warn({ err }, 'teams of a stream not read again; ending it');
            connection.sink.end();
          },
        );
      } else connection.sink.poke(scope);
    }
  };

  const channel = makeChannel(hear);

  const endStreams = () => {
    closed = true;
    for (const connection of [...all]) connection.sink.end();
    all.clear();
    byScope.clear();
  };

  return {
    connect: async (userId, sink) => {
      if (closed) throw unavailable('This instance is stopping; connect again', undefined, 1);
      await channel.listen();
      const scopes = await readScopes(userId);
      if (closed) throw unavailable('This instance is stopping; connect again', undefined, 1);
      const connection: Connection = { userId, sink, scopes: new Set(), reads: 0 };
      all.add(connection);
      index(connection, scopes);
      return () => {
        if (!all.delete(connection)) return;
        index(connection, new Set());
      };
    },
    announce: (scopes) => channel.publish(scopes.map((scope) => ({ scope }))),
    announceMembership: (userIds) =>
      channel.publish(userIds.map((id) => ({ scope: userScope(id), membership: true }))),
    connections: () => all.size,
    endStreams,
    close: async () => {
      endStreams();
      await channel.close();
    },
  };
};
