// browser.mjs — the page in a real browser (headless Debian chromium, driven
// by puppeteer-core): each check clicks squares as a person would and reads
// what the page shows. Run by web/test/run.sh (CTest test_web).
//   node browser.mjs DIST GGN SHOTS
// DIST: the built page (web/dist); GGN: the native program, whose `ggn check`
// the page's errors must match; SHOTS: where the screenshots go.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { serve } from './serve.mjs';

const [dist, ggn, shots] = process.argv.slice(2);
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
fs.mkdirSync(shots, { recursive: true });

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}

const { server, url } = await serve(dist);
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  // root in CI and containers: chromium's sandbox needs user namespaces it may not have
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const problems = [];
const page = await browser.newPage();
await page.setViewport({ width: 1200, height: 900 });
page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));

const status = () => page.$eval('#status', (e) => e.textContent);
const history = () => page.$$eval('#history li', (l) => l.map((e) => e.textContent));

async function click(square) {
  await page.click(`#board [data-square="${square}"]`);
}

async function waitStatus(re) {
  await page.waitForFunction((src) => new RegExp(src, 'i').test(document.getElementById('status').textContent),
    { timeout: 15000 }, re.source).catch(() => {});
  return re.test(await status());
}

async function openGame(id) {
  const before = await page.$eval('#board', (b) => b.innerHTML);
  await page.select('#game', id);
  await page.waitForFunction((old) => document.getElementById('board').innerHTML !== old, { timeout: 15000 }, before);
}

async function shot(name) {
  await page.screenshot({ path: path.join(shots, `web-${name}.png`) });
}

try {
  // ---- the page loads, chess by default: 64 squares named by CELL, White to move
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  check(await status() === 'White to move', `the page opens on chess, White to move (#status: "${await status()}")`);
  const squares = await page.$$eval('#board [data-square]', (l) => l.map((e) => e.dataset.square));
  check(squares.length === 64 && squares.includes('a1') && squares.includes('h8'), `64 squares named a1..h8 (${squares.length})`);

  // ---- a click on a piece shows where it may go
  await click('g1');
  const targets = await page.$$eval('#board .target', (l) => l.map((e) => e.dataset.square).sort());
  check(JSON.stringify(targets) === '["f3","h3"]', `the knight on g1 may go to f3 and h3 (${targets})`);
  await click('g1');

  // ---- fool's mate, by clicks
  for (const [from, to] of [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']]) {
    await click(from);
    await click(to);
  }
  check(await waitStatus(/checkmate/i), `fool's mate: #status says checkmate ("${await status()}")`);
  check(await status() === 'Checkmate — Black wins', 'and names the winner: "Checkmate — Black wins"');
  check(JSON.stringify(await history()) === '["f2f3","e7e5","g2g4","d8h4"]', 'the four moves are listed');
  await shot('foolsmate');

  // ---- undo takes the mate back
  await page.click('#undo');
  check(await waitStatus(/^Black to move$/), `undo: Black to move again ("${await status()}")`);

  // ---- shogi: the bishop takes, promotes by the chooser, is taken, and the taken bishop is dropped
  await openGame('shogi');
  for (const [from, to] of [['c3', 'c4'], ['g7', 'g6'], ['b2', 'h8']]) {
    await click(from);
    await click(to);
  }
  const offered = await page.$$eval('#promotion-options button', (l) => l.map((b) => b.textContent));
  check(offered.includes('+B') && offered.includes('B'), `the promotion chooser offers B and +B (${offered})`);
  const promote = await page.$$('#promotion-options button');
  for (const b of promote) if (await b.evaluate((e) => e.textContent) === '+B') await b.click();
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 3);
  check((await history())[2] === 'b2h8+', `the bishop promoted on h8 (${(await history())[2]})`);
  await click('b8');
  await click('h8');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 4);
  const held = await page.$$eval('#board g.held', (l) => l.map((e) => `${e.dataset.player}:${e.dataset.kind}`));
  check(held.length === 2, `each player holds a bishop (${held})`);
  await page.click('#board g.held[data-player="0"]');
  const drops = await page.$$eval('#board .target', (l) => l.length);
  check(drops > 30, `the held bishop may be dropped on any empty square (${drops} targets)`);
  await click('e5');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 5);
  check((await history())[4] === 'B@e5', `the drop is played (${(await history())[4]})`);
  check(await page.$$eval('#board g.held[data-player="0"]', (l) => l.length) === 0, 'and the hand is empty');
  await shot('shogi-drop');

  // ---- four-player chess: Red's first move passes the turn to Blue
  await openGame('chess4');
  check(await status() === 'Red to move', `four-player chess opens with Red to move ("${await status()}")`);
  const colours = await page.$$eval('#board g.piece', (l) => new Set(l.map((e) => e.dataset.player)).size);
  check(colours === 4, `four players' pieces on the board (${colours})`);
  await click('d2');
  await click('d4');
  check(await waitStatus(/^Blue to move$/), `after d2d4, Blue to move ("${await status()}")`);
  await shot('chess4');

  // ---- against the computer: its move comes from the worker; perft and divide count there too
  await openGame('chess');
  await page.click('#computer input[data-player="1"]');
  await click('e2');
  await click('e4');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 2, { timeout: 30000 }).catch(() => {});
  check((await history()).length === 2 && await status() === 'White to move',
    `the computer answers e2e4 as Black (${await history()})`);
  await page.click('#computer input[data-player="1"]');
  await page.click('#undo');
  await page.click('#undo');
  await page.$eval('#perft-depth', (e) => { e.value = '3'; });
  await page.click('#perft');
  await page.waitForFunction(() => document.getElementById('perft-result').dataset.nodes, { timeout: 30000 }).catch(() => {});
  check(await page.$eval('#perft-result', (e) => e.dataset.nodes) === '8902', 'perft 3 of chess counts 8902 in the page');
  await page.click('#divide');
  await page.waitForFunction(() => /total/.test(document.getElementById('perft-result').textContent), { timeout: 30000 }).catch(() => {});
  check(/^e2e4 600$/m.test(await page.$eval('#perft-result', (e) => e.textContent)) &&
    /total 8902/.test(await page.$eval('#perft-result', (e) => e.textContent)), 'divide 3 splits it by move (e2e4 600)');
  await page.click('#export');
  check((await page.$eval('#export-text', (e) => e.value)).includes('"must"'), 'Export GGN writes the must-deny library');

  // ---- a broken spec: the error at its line and field, as `ggn check` says it
  const bad = fs.readFileSync(path.join(dist, 'games', 'chess.json'), 'utf8').replace('"name": "WHITE"', '"name": 42');
  const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ggn-web-')), 'bad.json');
  fs.writeFileSync(tmp, bad);
  let expected = '';
  try { execFileSync(ggn, ['check', tmp], { encoding: 'utf8', stdio: 'pipe' }); } catch (e) { expected = e.stdout + e.stderr; }
  const line = expected.split('\n').find((l) => l.includes(': error: ')) || '';
  const located = line.slice(tmp.length + 1); // "7:15: error: ... [at /players/0/name]"
  check(/^7:\d+: error: .*\[at \/players\/0\/name\]$/.test(located), `ggn check locates the error (${located})`);
  await page.$eval('#spec', (e, text) => { e.value = text; e.dispatchEvent(new Event('input')); }, bad);
  await page.waitForSelector('#errors li.error', { timeout: 10000 });
  const shown = await page.$$eval('#errors li.error', (l) => l.map((e) => e.textContent));
  check(shown.length > 0 && shown[0].endsWith(located), `the editor shows it the same way (${shown[0]})`);
  check(await page.$eval('#apply', (b) => b.disabled), 'and a broken spec cannot be played');
  await page.$eval('#spec', (e) => e.scrollIntoView());
  await shot('spec-error');

  // ---- the share link carries the game and the moves
  await page.goto(`${url}#game=chess&moves=e2e4%20e7e5`, { waitUntil: 'load' });
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  check(JSON.stringify(await history()) === '["e2e4","e7e5"]' && await status() === 'White to move',
    `a link with moves opens the game after them (${await history()})`);
} catch (e) {
  check(false, `the test ran to its end: ${e.stack || e}`);
} finally {
  check(problems.length === 0, `no page error logged${problems.length ? `: ${problems.join('; ')}` : ''}`);
  await browser.close();
  server.close();
}
process.exit(failures ? 1 : 0);
