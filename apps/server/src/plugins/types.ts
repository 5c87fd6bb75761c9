import type { Access, Role } from '@preffy/domain';
import type { Config } from '../config/env.ts';
import type { Database, Dialect } from '../db/database.ts';
import type { InstanceHeartbeat } from './instance-heartbeat.ts';
import type { JobRunner } from './jobs/job-runner.ts';

/** The signed-in user as every route sees it (`request.user`, null when signed out). */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  language: string | null;
  sessionId: string;
  /** The lock screen is on: only routes declared `gated: false` answer. */
  locked: boolean;
  twoStepEnabled: boolean;
};

export type RouteAccessEntry = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Where the slow aggregates read: off the event loop on SQLite (db/aggregates-reader.ts). */
    aggregatesDb: Database;
    dialect: Dialect;
    config: Config;
    /** Works every area's job kinds and schedules (modules/index.ts createJobWorker). */
    jobWorker: JobRunner;
    /** This process's id and heartbeat; its Idempotency-Key reservations name the id. */
    instanceHeartbeat: InstanceHeartbeat;
    /** Every API route with the access level it declared; the authorization test walks it. */
    routeAccess: RouteAccessEntry[];
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Required on every /api route and /healthz: the app refuses to start without it. */
    access?: Access;
    /** false only for routes that authenticate otherwise (e.g. partner API keys). */
    csrf?: boolean;
    /** false: open while the session is locked or two-step setup is required (the contract's `gated`). */
    gated?: boolean;
  }
}
