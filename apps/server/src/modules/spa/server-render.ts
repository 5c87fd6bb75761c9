import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Language, type PublicCompetition, idParams, publicCompetitionSchema } from '@preffy/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { getPublicCompetition } from '../competitions/public.service.ts';

/** A screen the web build's server bundle drew (apps/web/src/prerender/page-html.ts). */
type DrawnPage = { language: string; title?: string; body: string; seed?: unknown[] };
/** What the server uses of that bundle (apps/web/src/prerender.tsx). */
type PageRenderer = {
  publicCompetitionPage(competition: PublicCompetition, language: Language): Promise<DrawnPage>;
  pageHtml(index: string, page: DrawnPage): string;
};

/** How long a drawn page is sent again as it is; the app refreshes its figures once hydrated. */
const KEEP_MS = 30_000;
/** Drawn pages kept at most (one per competition and language); the oldest go first. */
const KEEP_PAGES = 500;

/**
 * The public competition page drawn on the server (decision 0071), so a visitor on a phone sees
 * it before the app's JavaScript arrives; the app then hydrates it. The web build's server
 * bundle (apps/web/dist-server) is loaded on the first such request, not at start-up. Without a
 * build, or if drawing fails, the caller sends the plain app page: the page still works.
 */
export function publicPageRenderer(dist: string, db: Database, log: FastifyBaseLogger) {
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
  const kept = new Map<string, { html: Promise<string | null>; at: number }>();

  const draw = async (id: string, language: Language) => {
    const pages = await load();
    if (!pages) return null;
    // Only what the public answer carries (the same schema strips anything else).
    const competition = publicCompetitionSchema.parse(await getPublicCompetition(db, id));
    index ??= readFileSync(path.join(dist, 'index.html'), 'utf8');
    return pages.pageHtml(index, await pages.publicCompetitionPage(competition, language));
  };

  return function drawPublicCompetition(id: string, language: Language): Promise<string | null> {
    // The id as the API would take it; another address is the app's to answer.
    if (!idParams.safeParse({ id }).success) return Promise.resolve(null);
    const key = `${id} ${language}`;
    const hit = kept.get(key);
    // A page being drawn is shared by the requests that ask for it meanwhile.
    if (hit && Date.now() - hit.at < KEEP_MS) return hit.html;
    const html = draw(id, language);
    kept.delete(key);
    kept.set(key, { html, at: Date.now() });
    if (kept.size > KEEP_PAGES) kept.delete(kept.keys().next().value!);
    // A failure (a missing competition too) is not kept: the next request asks again.
    html.catch(() => kept.get(key)?.html === html && kept.delete(key));
    return html;
  };
}
