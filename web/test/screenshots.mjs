// screenshots.mjs — pictures of the page for the docs (docs/img/page-*.png):
// one game of each family the page draws, opened by its link after a few
// moves (a piece picked where the picture shows the marks of its targets),
// and the editor showing a broken spec's error; shot in headless chromium as
// web/test/browser.mjs drives it. Not a test: run it by
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

const base64url = (text) => Buffer.from(text, 'utf8').toString('base64url');
const testSpec = (file) => fs.readFileSync(new URL(`../../tests/data/display/${file}`, import.meta.url), 'utf8');

// name: { game (shipped) or spec (text), moves as the link carries them,
//         pick: a square, or 'hand N' for player N's first piece in hand,
//         clicked last so that its targets are marked }
const pictures = {
  chess: { game: 'chess', moves: 'f2f3 e7e5 g2g4 d8h4' },
  xiangqi: { game: 'xiangqi', moves: 'h3e3 h10g8 h1g3 i10h10', pick: 'b3' },
  janggi: { game: 'janggi', moves: 'b1c3 b10c8 c4d4 c7d7', pick: 'c3' },
  shogi: { game: 'shogi', moves: 'c3c4 g7g6 b2h8+ b8h8 B@e5' },
  checkers: { game: 'checkers', moves: 'c3d4 f6e5 d4f6 g7e5' },
  hex: { spec: testSpec('hex5.json'), moves: 'S@d4 S@b2', pick: 'hand 0' },
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
  await page.setViewport({ width: 1100, height: 720 });
  page.on('pageerror', (e) => { console.error(`page error: ${e.message}`); failed = true; });
  const open = async (fragment) => {
    await page.goto('about:blank');
    await page.goto(`${url}#${fragment}`, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  };
  for (const [name, { game, spec, moves, pick }] of Object.entries(pictures)) {
    await open(`${game ? `game=${game}` : `spec=${base64url(spec)}`}&moves=${encodeURIComponent(moves)}`);
    const notice = await page.$eval('#notice', (e) => (e.hidden ? '' : e.textContent));
    if (notice) { console.error(`${name}: ${notice}`); failed = true; }
    if (pick) {
      const toMove = await page.$eval('#status', (e) => e.textContent);
      const [what, player] = pick.split(' ');
      await page.click(what === 'hand' ? `#board g.held[data-player="${player}"]` : `#board [data-square="${pick}"]`);
      const marked = await page.$$eval('#board .target', (l) => l.length);
      if (!marked) { console.error(`${name}: picking ${pick} (${toMove}) marks no target`); failed = true; }
    }
    const file = path.join(out, `page-${name}.png`);
    await page.screenshot({ path: file });
    console.log(`${file}: ${await page.$eval('#status', (e) => e.textContent)}`);
  }

  // the editor: a spec with a number where a name goes, its error at its line and field
  const good = fs.readFileSync(path.join(dist, 'games', 'chess.json'), 'utf8');
  await open('game=chess');
  await page.$eval('#spec', (e, t) => { e.value = t; e.dispatchEvent(new Event('input')); }, good.replace('"name": "WHITE"', '"name": 42'));
  await page.waitForSelector('#errors li.error', { timeout: 10000 });
  await page.$eval('#spec', (e) => e.scrollIntoView());
  const file = path.join(out, 'page-spec-error.png');
  await page.screenshot({ path: file });
  console.log(`${file}: ${await page.$eval('#errors li.error', (e) => e.textContent)}`);
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
