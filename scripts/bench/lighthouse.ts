// Lighthouse's mobile run (its default: a mid-range phone on a slow 4G link, simulated) on a few
// pages of the running server, in Debian's Chromium (issue 19). Part of `npm run bench`.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { BIG_COMPETITION_ID } from '../../apps/server/src/dev/large-data-set.ts';

export type LighthousePage = { name: string; url: string; cookie?: string };
export type LighthouseScore = {
  name: string;
  performance: number;
  accessibility: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
};

/**
 * Each page `runs` times, scored by its median run (Lighthouse's own pick: the run nearest the
 * median first paint and time to interactive), as Lighthouse advises for a score that varies from
 * run to run; on two shared cores one run of All Competitions ranged from 88 to 96.
 */
export async function lighthouseMobile(pages: LighthousePage[], runs = 1): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const scores: LighthouseScore[] = [];
    for (const page of pages) {
      const audit = () =>
        lighthouse(page.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
        });
      const once = async () => {
        let result = await audit();
        // Chromium now and then records a trace Lighthouse cannot read (NO_NAVSTART: "run
        // Lighthouse again"), which scored no paint at all; that run is made once more.
        if (result?.lhr.runtimeError) result = await audit();
        if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
        if (result.lhr.runtimeError)
          throw new Error(`Lighthouse failed twice on ${page.url}: ${result.lhr.runtimeError.message}`);
        return result.lhr;
      };
      const lhrs = [];
      for (let run = 0; run < runs; run++) lhrs.push(await once());
      const { categories, audits } = computeMedianRun(lhrs);
      scores.push({
        name: page.name,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        firstContentfulPaintMs: audits['first-contentful-paint']?.numericValue ?? NaN,
        largestContentfulPaintMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        totalBlockingTimeMs: audits['total-blocking-time']?.numericValue ?? NaN,
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

/** The three pages issue 19 names, on the server at `base`; All Competitions signed in. */
export const benchPages = (base: string, cookie: string): LighthousePage[] => [
  { name: 'login', url: `${base}/login` },
  { name: 'All Competitions', url: `${base}/preffy/view`, cookie },
  { name: 'public competition page', url: `${base}/c/${BIG_COMPETITION_ID}` },
];
