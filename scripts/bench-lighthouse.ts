// Lighthouse's mobile run (its default: a mid-range phone on a slow 4G link, simulated) on a few
// pages of the running server, in Debian's Chromium (issue 19). Part of `npm run bench`.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type LighthousePage = { name: string; url: string; cookie?: string };
export type LighthouseScore = {
  name: string;
  performance: number;
  accessibility: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
};

export async function lighthouseMobile(pages: LighthousePage[]): Promise<LighthouseScore[]> {
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
      let result = await audit();
      // Chromium now and then records a trace Lighthouse cannot read (NO_NAVSTART: "run
      // Lighthouse again"), which scored no paint at all; that run is made once more.
      if (result?.lhr.runtimeError) result = await audit();
      if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
      if (result.lhr.runtimeError)
        throw new Error(`Lighthouse failed twice on ${page.url}: ${result.lhr.runtimeError.message}`);
      const { categories, audits } = result.lhr;
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
