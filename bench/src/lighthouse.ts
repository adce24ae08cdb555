// A Lighthouse performance run of one page in Debian's Chromium (CHROME_PATH), never a downloaded browser:
// lighthouse 12 is the last major that runs on Node 20 (13 needs Node 22.19).
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseResult {
  version: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Runs it took: more than one when Chromium's trace lost the page load (see runLighthouse). */
  runs: number;
}

/**
 * Now and then Chromium's trace leaves out the page load's start and Lighthouse scores nothing
 * (`runtimeError` NO_NAVSTART, every figure NaN). That run measured nothing, not a slow page: run it again,
 * up to this many times in all, and say how many it took.
 */
const RUNS_WHEN_THE_TRACE_FAILS = 3;

class TraceFailed extends Error {}

export async function runLighthouse(
  url: string,
  chromePath: string,
  extraHeaders: Record<string, string>,
): Promise<LighthouseResult> {
  for (let run = 1; ; run++) {
    try {
      return { ...(await runLighthouseOnce(url, chromePath, extraHeaders)), runs: run };
    } catch (error) {
      if (!(error instanceof TraceFailed) || run === RUNS_WHEN_THE_TRACE_FAILS) throw error;
    }
  }
}

async function runLighthouseOnce(
  url: string,
  chromePath: string,
  extraHeaders: Record<string, string>,
): Promise<Omit<LighthouseResult, 'runs'>> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  const traces = Boolean(process.env.BENCH_LH_TRACES && process.env.BENCH_LH_REPORTS);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders,
      // BENCH_LH_TRACES=1 (with BENCH_LH_REPORTS): the trace with the JavaScript samples too, to tell
      // what runs in each long task. The sampling costs time of its own: a diagnosis, not a figure.
      ...(traces ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    // BENCH_LH_REPORTS=dir keeps each run's whole report (the LCP element, the request chain) to read.
    const reports = process.env.BENCH_LH_REPORTS;
    if (reports) {
      fs.mkdirSync(reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
      fs.writeFileSync(path.join(reports, name), JSON.stringify(lhr));
      if (traces)
        fs.writeFileSync(
          path.join(reports, name.replace(/json$/, 'trace.json')),
          JSON.stringify(result.artifacts.Trace),
        );
    }
    if (lhr.runtimeError) throw new TraceFailed(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      version: lhr.lighthouseVersion,
      score: lhr.categories.performance?.score ?? Number.NaN,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}
