import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { JobHandler } from '../plugins/jobs/job-runner.ts';
import type { VersionedTable } from './versioned.ts';

/** How a record of a versioned table looks in the API: the only shape a 409 may show. */
export type PublicShape = {
  /** One shape, or one per kind of record (appSettings: one per settings record, by id). */
  schema: z.ZodObject | z.ZodDiscriminatedUnion<z.ZodObject[]>;
  toPublic: (row: never) => unknown;
};

/**
 * The tables an area owns: only that area's repositories write them. A versioned table with a
 * versioned route names its public shape, so a stale write's 409 can never echo a hash or a
 * secret (plugins/error-handler.ts); `true` owns a table whose rows a 409 never shows.
 */
export type TableOwnership = {
  [T in keyof DB]?: T extends VersionedTable ? PublicShape | true : true;
};

/** What an area's jobs and schedules are built from when the app starts. */
export type AreaContext = { db: Database; config: Config; log: FastifyBaseLogger };

/** Periodic work: the job runner runs it every `everyMs` on one instance at a time. */
export type Schedule = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * One area of the product, declared once in `modules/<area>/index.ts`: its routes, the tables it
 * owns, its job kinds and its schedules. `modules/index.ts` lists every area; the app registers
 * them in a loop, so a new area costs its folder and one line there.
 */
export type Area = {
  /** The same name as its contract file (packages/api/src/<name>.ts) and its web feature. */
  name: string;
  routes?: readonly ((app: FastifyInstance) => Promise<void>)[];
  owns?: TableOwnership;
  jobs?: (context: AreaContext) => JobHandler[];
  schedules?: (context: AreaContext) => Schedule[];
};

export const defineArea = <const A extends Area>(area: A): A => area;
