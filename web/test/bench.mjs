// bench.mjs — the page's figures for docs/benchmarks.md (a measurement, not
// a test): the weight of the engine and the page's scripts, first paint on
// 127.0.0.1, and perft of chess in the page (in its Web Worker).
//   node web/test/bench.mjs web/dist [DEPTH]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import puppeteer from 'puppeteer-core';
import { serve } from './serve.mjs';

const dist = process.argv[2] || 'web/dist';
const depth = Number(process.argv[3] || 5);
const files = fs.readdirSync(path.join(dist, 'src')).filter((f) => /\.(js|wasm)$/.test(f));
let bytes = 0, gzipped = 0;
for (const f of files) {
  const data = fs.readFileSync(path.join(dist, 'src', f));
  bytes += data.length;
  gzipped += zlib.gzipSync(data, { level: 9 }).length;
  console.log(`${f}: ${data.length} bytes`);
}
console.log(`wasm + JS: ${bytes} bytes (${(bytes / 1048576).toFixed(2)} MiB), ${gzipped} gzipped`);

const { server, url } = await serve(dist);
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  for (let run = 0; run < 3; run++) {
    const page = await browser.newPage();
    await page.setCacheEnabled(false);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]');
    const t = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      ready: performance.now(),
    }));
    console.log(`run ${run + 1}: first contentful paint ${t.fcp?.toFixed(0)} ms, board ready ${t.ready.toFixed(0)} ms`);
    if (run === 2) {
      // perft of the start position in the worker, best of three
      await page.$eval('#perft-depth', (e, d) => { e.value = String(d); }, depth);
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        await page.$eval('#perft-result', (e) => { e.dataset.ms = ''; });
        await page.click('#perft');
        await page.waitForFunction(() => document.getElementById('perft-result').dataset.ms, { timeout: 600000 });
        console.log(await page.$eval('#perft-result', (e) => e.textContent));
        best = Math.min(best, Number(await page.$eval('#perft-result', (e) => e.dataset.ms)));
      }
      console.log(`perft ${depth} in the page: best of 3 ${(best / 1000).toFixed(3)} s`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
