// screenshots.mjs — pictures of the page for the docs (docs/img/page-*.png):
// one game of each family opened by its link after a few moves, shot in
// headless chromium as web/test/browser.mjs drives it. Not a test: run it by
// tools/page-screenshots.sh after a change to the page or the drawings, and
// look at the pictures.
//   node screenshots.mjs DIST OUT
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { serve } from './serve.mjs';

const [dist, out] = process.argv.slice(2);
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
fs.mkdirSync(out, { recursive: true });

// name: [game, moves as the link carries them]
const pictures = {
  chess: ['chess', 'f2f3 e7e5 g2g4 d8h4'],
  xiangqi: ['xiangqi', 'h3e3 h10g8 h1g3 i10h10'],
  shogi: ['shogi', 'c3c4 g7g6 b2h8+ b8h8 B@e5'],
  checkers: ['checkers', 'c3d4 f6e5 d4f6 g7e5'],
};

const { server, url } = await serve(dist);
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let failed = false;
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 640 });
  page.on('pageerror', (e) => { console.error(`page error: ${e.message}`); failed = true; });
  for (const [name, [game, moves]] of Object.entries(pictures)) {
    await page.goto('about:blank');
    await page.goto(`${url}#game=${game}&moves=${encodeURIComponent(moves)}`, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    const notice = await page.$eval('#notice', (e) => (e.hidden ? '' : e.textContent));
    if (notice) { console.error(`${name}: ${notice}`); failed = true; }
    const file = path.join(out, `page-${name}.png`);
    await page.screenshot({ path: file });
    console.log(`${file}: ${await page.$eval('#status', (e) => e.textContent)}`);
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
