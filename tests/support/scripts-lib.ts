// The typed face of scripts/lib (provisioning and the stack), which stays JavaScript because `npm test`
// runs it before anything is installed. tests/tsconfig.json has allowJs, so TypeScript infers the shapes
// of those files and checks them against the types declared here: this is the one place the benches, the
// fault tests and the fuzzer take them from.
import type { ChildProcess } from 'node:child_process';
import * as provision from '../../scripts/lib/provision.mjs';
import * as stackLib from '../../scripts/lib/stack.mjs';

/** The project's PostgreSQL and Redis (DATABASE_URL / REDIS_URL when reachable, else its own in .data/). */
export interface DataServers {
  adminUrl: string;
  redisUrl: string;
  usesDatabaseUrl: boolean;
  databaseUrl: (name: string) => string;
  /** Stops what provisionDataServers started (nothing when it reused running servers). */
  stop: () => Promise<void>;
}

/** A PostgreSQL cluster of a fault test's own (startPrivatePostgres). */
export interface PrivatePostgres {
  port: number;
  adminUrl: string;
  dataDir: string;
  databaseUrl: (database: string) => string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  kill: () => Promise<void>;
  remove: () => Promise<void>;
}

/** A Redis of a fault test's own (startPrivateRedis). */
export interface PrivateRedis {
  port: number;
  url: string;
  dataDir: string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  kill: () => Promise<void>;
  remove: () => Promise<void>;
}

export const log: (message: string) => void = provision.log;
export const portOpen: (port: number, host?: string, timeoutMs?: number) => Promise<boolean> =
  provision.portOpen;
export const provisionDataServers: () => Promise<DataServers> = provision.provisionDataServers;
export const ensureDatabase: (adminUrl: string, name: string) => Promise<void> = provision.ensureDatabase;
export const dropDatabase: (adminUrl: string, name: string) => Promise<void> = provision.dropDatabase;
export const startPrivatePostgres: (options: { name: string }) => Promise<PrivatePostgres> =
  provision.startPrivatePostgres;
export const startPrivateRedis: (options: { name: string }) => Promise<PrivateRedis> =
  provision.startPrivateRedis;

/** The kinds of process of the stack; each service kind runs `instances[kind]` times. */
export type ServiceKind = 'auth' | 'licensing' | 'notifier' | 'worker' | 'sync';
export type ProcessKind = ServiceKind | 'gateway';
export type Instances = Readonly<Record<ServiceKind, number>>;

/** A launched child, with the mark startStack sets while it stops it on purpose. */
export type StackChild = ChildProcess & { stopping?: boolean };

export interface StackProcess {
  /** 'auth' with one instance of a kind, 'auth-1', 'auth-2' with more; 'gateway'. */
  name: string;
  kind: ProcessKind;
  /** Its workspace folder and entry file (services/auth, src/main.ts). */
  dir: string;
  entry: string;
  port: number;
  url: string;
  /** Replaced by relaunch(). */
  child: StackChild;
}

export interface Stack {
  url: string;
  ports: Record<ProcessKind, number>;
  processes: StackProcess[];
  /** Signals one process (SIGKILL by default) and waits for its exit. */
  kill: (proc: StackProcess, signal?: NodeJS.Signals) => Promise<void>;
  /** Starts a process again on its port and waits until it is healthy. */
  relaunch: (proc: StackProcess) => Promise<void>;
  stop: () => Promise<void>;
}

export interface StartStackOptions {
  gatewayPort: number;
  env: Record<string, string>;
  /** The processes' stdout dropped, their stderr inherited. */
  quiet?: boolean;
  instances?: Instances;
}

export const singleInstances: Instances = stackLib.singleInstances;
/** Two of each service (sync included) and three notifier workers behind the gateway. */
export const scaledInstances: Instances = stackLib.scaledInstances;
/**
 * Starts the stack and resolves once every process answers its health check. The cast is the boundary:
 * startStack gives each process its child only once launched, so the shape TypeScript infers from the
 * JavaScript lacks it, and its kinds are plain strings there.
 */
export async function startStack(options: StartStackOptions): Promise<Stack> {
  return (await stackLib.startStack(options)) as Stack;
}
