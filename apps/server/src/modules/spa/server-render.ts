import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type Language,
  type PublicCompetition,
  type PublicStandings,
  idParams,
  publicCompetitionSchema,
  publicStandingsSchema,
} from '@preffy/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { getPublicCompetition } from '../competitions/index.ts';
import { publicStandings } from '../leaderboard/index.ts';

/** A screen the web build's server bundle drew (apps/web/src/prerender/page-html.ts). */
type DrawnPage = { language: string; title?: string; body: string; seed?: unknown[] };
/** How a signed-in draw asks the API (apps/web/src/lib/api/client.ts). */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
/** What the server uses of that bundle (apps/web/src/prerender.tsx). */
type PageRenderer = {
  publicCompetitionPage(
    competition: PublicCompetition,
    language: Language,
    deadline: number,
    standings?: PublicStandings,
  ): Promise<DrawnPage | null>;
  signedInPage(
    url: string,
    language: Language,
    transport: ApiTransport,
    deadline: number,
  ): Promise<DrawnPage | null>;
  pageHtml(index: string, page: DrawnPage): string;
};

/** How long a drawn public page is sent again as it is; the app asks for its figures once hydrated. */
const KEEP_MS = 30_000;
/** Drawn public pages kept at most (one per competition and language); the oldest go first. */
const KEEP_PAGES = 500;
/**
 * A page not drawn within this time (drawing waits its turn) is sent plain, to be drawn in the
 * browser: a busy or stalled drawing never holds a visitor longer than the app itself would.
 */
const DRAW_WAIT_MS = 2_000;
/** The standings' page size on the public page (apps/web/src/features/public/api/public.ts). */
const STANDINGS_PAGE_SIZE = 10;

/** The page, or null once `ms` have passed (a drawing not yet started is then skipped). */
function within<T>(ms: number, page: Promise<T | null>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([page, late]).finally(() => clearTimeout(timer));
}

/**
 * Pages drawn on the server, so a visitor on a phone sees them before the app's JavaScript
 * arrives; the app then hydrates them: the public competition page (decision 0071) and the
 * signed-in pages of SERVER_DRAWN_PAGES (decision 0072). The web build's server bundle
 * (apps/web/dist-server) is loaded once the server is ready (warm), not before. Without a build,
 * or if drawing fails or takes too long, the caller sends the plain app page: the page still works.
 */
export function pageRenderer(dist: string, db: Database, log: FastifyBaseLogger) {
  const bundle = path.resolve(dist, '../dist-server/prerender.js');
  let renderer: Promise<PageRenderer | null> | undefined;
  const load = () =>
    (renderer ??= existsSync(bundle)
      ? (import(pathToFileURL(bundle).href) as Promise<PageRenderer>).catch((error: unknown) => {
          log.warn(
            { err: error },
            'The web build’s server bundle did not load: pages are drawn in the browser',
          );
          return null;
        })
      : Promise.resolve(null));
  let index: string | undefined;
  const indexHtml = () => (index ??= readFileSync(path.join(dist, 'index.html'), 'utf8'));
  const kept = new Map<string, { html: Promise<string | null>; at: number }>();

  const drawPublic = async (id: string, language: Language) => {
    const pages = await load();
    if (!pages) return null;
    // Only what the public answer carries (the same schema strips anything else).
    const competition = publicCompetitionSchema.parse(await getPublicCompetition(db, id));
    // The standings' first page as the page asks for it (web: publicStandingsQuery).
    const standings = publicStandingsSchema.parse(
      await publicStandings(db, id, { page: 1, pageSize: STANDINGS_PAGE_SIZE }),
    );
    const page = await pages.publicCompetitionPage(
      competition,
      language,
      Date.now() + DRAW_WAIT_MS,
      standings,
    );
    // Its turn came too late: not kept (a failure), the next request asks again.
    if (!page) throw new Error('The public page waited too long to be drawn');
    return pages.pageHtml(indexHtml(), page);
  };

  return {
    /** Loads the bundle ahead of the first page, without holding anything up meanwhile. */
    warm(): void {
      void load();
    },

    publicCompetition(id: string, language: Language): Promise<string | null> {
      // The id as the API would take it; another address is the app's to answer.
      if (!idParams.safeParse({ id }).success) return Promise.resolve(null);
      const key = `${id} ${language}`;
      const hit = kept.get(key);
      // A page being drawn is shared by the requests that ask for it meanwhile.
      if (hit && Date.now() - hit.at < KEEP_MS) return within(DRAW_WAIT_MS, hit.html);
      const html = drawPublic(id, language);
      kept.delete(key);
      kept.set(key, { html, at: Date.now() });
      if (kept.size > KEEP_PAGES) kept.delete(kept.keys().next().value!);
      // A failure (a missing competition too) is not kept: the next request asks again.
      html.catch(() => kept.get(key)?.html === html && kept.delete(key));
      return within(DRAW_WAIT_MS, html);
    },

    /** A signed-in page with its user's data, asked of the API through `transport`; never kept. */
    signedIn(url: string, language: Language, transport: ApiTransport): Promise<string | null> {
      const html = (async () => {
        const pages = await load();
        const page = pages && (await pages.signedInPage(url, language, transport, Date.now() + DRAW_WAIT_MS));
        return page && pages.pageHtml(indexHtml(), page);
      })();
      return within(DRAW_WAIT_MS, html);
    },
  };
}
