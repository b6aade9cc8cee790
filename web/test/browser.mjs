// browser.mjs — the page in a real browser (headless Debian chromium, driven
// by puppeteer-core): each check clicks or drags as a person would and reads
// what the page shows, through the hooks docs/web.md promises to keep
// ([data-square], #status, #move-list, #resign, #pass, #perft-stop, ?game=).
// Run by web/test/run.sh (CTest test_web).
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

const text = (sel) => page.$eval(sel, (e) => e.textContent.replace(/\s+/g, ' ').trim());
const status = () => text('#status');
const moveList = () => text('#move-list');
const plies = () => page.$$eval('#move-list .ply', (l) => l.map((e) => e.textContent));
const targets = () => page.$$eval('#board .target', (l) => l.map((e) => e.dataset.square).sort());

async function click(square) {
  await page.click(`#board [data-square="${square}"]`);
}

// A drag from one square to another with the mouse held down, in small steps.
async function drag(from, to) {
  const a = await page.$eval(`#board [data-square="${from}"]`, (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
  const b = await page.$eval(`#board [data-square="${to}"]`, (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
  await page.mouse.move(a[0], a[1]);
  await page.mouse.down();
  await page.mouse.move(b[0], b[1], { steps: 8 });
  await page.mouse.up();
}

async function waitFor(fn, arg, timeout = 15000) {
  return page.waitForFunction(fn, { timeout }, arg).then(() => true, () => false);
}

async function waitStatus(re) {
  await waitFor((src) => new RegExp(src).test(document.getElementById('status').textContent), re.source);
  return re.test(await status());
}

async function waitPlies(n, timeout) {
  return waitFor((k) => document.querySelectorAll('#move-list .ply').length === k, n, timeout);
}

async function openGame(id) {
  const before = await page.$eval('#board', (b) => b.innerHTML);
  await page.select('#game', id);
  await waitFor((old) => document.getElementById('board').innerHTML !== old, before);
}

async function goto(link) {
  await page.goto('about:blank');
  await page.goto(link, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
}

async function shot(name) {
  await page.screenshot({ path: path.join(shots, `web-${name}.png`) });
}

try {
  // ---- the page loads, chess by default: 64 squares named by CELL, White to move
  await goto(url);
  check(await status() === 'White to move', `the page opens on chess, White to move (#status: "${await status()}")`);
  const squares = await page.$$eval('#board [data-square]', (l) => l.map((e) => e.dataset.square));
  check(squares.length === 64 && squares.includes('a1') && squares.includes('h8'), `64 squares named a1..h8 (${squares.length})`);
  check(await page.$eval('#pass', (b) => b.hidden || b.disabled), 'chess has no pass to offer');
  check(await page.$eval('#sfen-row', (e) => e.hidden), 'nor an SFEN beside its FEN');

  // ---- a click on a piece shows where it may go; a second click lets it go
  await click('g1');
  check(JSON.stringify(await targets()) === '["f3","h3"]', `the knight on g1 may go to f3 and h3 (${await targets()})`);
  await click('g1');
  check((await targets()).length === 0, 'a second click on the knight deselects it');

  // ---- fool's mate, by drag and drop, in SAN in the move list, the mated king marked
  for (const [from, to] of [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']]) await drag(from, to);
  check(await waitStatus(/Checkmate/), `fool's mate by drag and drop: #status says checkmate ("${await status()}")`);
  check(await status() === 'Checkmate — Black wins', 'and names the winner: "Checkmate — Black wins"');
  check(await moveList() === '1. f3 e5 2. g4 Qh4#', `#move-list reads "1. f3 e5 2. g4 Qh4#" ("${await moveList()}")`);
  const checked = await page.$$eval('#board [data-square].check', (l) => l.map((e) => e.dataset.square));
  check(JSON.stringify(checked) === '["e1"]', `the king in check is marked on e1 (${checked})`);
  await shot('foolsmate');

  // ---- the move list steps back and forth
  await page.click('#move-list .ply[data-ply="2"]');
  check(/^Move 2 of 4: White to move$/.test(await status()), `a click on e5 shows the position after it ("${await status()}")`);
  check(await page.$$eval('#board [data-square].check', (l) => l.length) === 0, 'with no king in check');
  await page.click('#forward');
  check(/^Move 3 of 4: Black to move$/.test(await status()), `#forward steps one move on ("${await status()}")`);
  await page.keyboard.press('ArrowLeft');
  check(/^Move 2 of 4/.test(await status()), `← steps one back ("${await status()}")`);
  await click('e2');
  check((await targets()).length === 0, 'no move is made in a position of the past');
  await page.click('#last');
  check(await status() === 'Checkmate — Black wins', `#last returns to the position now ("${await status()}")`);

  // ---- undo takes the mate back
  await page.click('#undo');
  check(await waitStatus(/^Black to move$/), `undo: Black to move again ("${await status()}")`);
  check(await moveList() === '1. f3 e5 2. g4', `and the list loses Qh4# ("${await moveList()}")`);

  // ---- shogi: SFEN out; the bishop takes and promotes by the chooser, is taken, and dropped
  await openGame('shogi');
  const sfen = await page.$eval('#sfen', (e) => e.value);
  check(sfen === 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1' &&
    !(await page.$eval('#sfen-row', (e) => e.hidden)), `shogi's position is written as SFEN too (${sfen})`);
  check(await status() === 'Black to move', `shogi's first player is Black, as shogi players say (#status: "${await status()}")`);
  check(await page.$eval('#notation', (e) => e.value) === 'usi', 'and its moves are listed in USI by default');
  for (const [from, to] of [['c3', 'c4'], ['g7', 'g6'], ['b2', 'h8']]) {
    await click(from);
    await click(to);
  }
  const offered = await page.$$eval('#promotion-options button', (l) => l.map((b) => b.textContent));
  check(offered.length === 2, `the promotion chooser offers two choices (${offered})`);
  const promoting = await page.$$eval('#promotion-options button', (l) => l.map((b) => b.dataset.move));
  await page.click(`#promotion-options button[data-move="${promoting.find((m) => m.endsWith('+'))}"]`);
  await waitPlies(3);
  check((await plies())[2] === '8h2b+', `the promotion chosen is played and written in USI (${(await plies())[2]})`);
  await click('b8');
  await click('h8');
  await waitPlies(4);
  const held = await page.$$eval('#board g.held', (l) => l.map((e) => `${e.dataset.player}:${e.dataset.kind}`));
  check(held.length === 2, `each player holds a bishop (${held})`);
  await page.click('#board g.held[data-player="0"]');
  const drops = (await targets()).length;
  check(drops > 30, `the held bishop may be dropped on any empty square (${drops} targets)`);
  await click('e5');
  await waitPlies(5);
  check((await plies())[4] === 'B*5e', `the drop is played (${(await plies())[4]})`);
  await page.select('#notation', 'text');
  check(await moveList() === '1. c3c4 g7g6 2. b2h8+ b8h8 3. B@e5', `the list in the library's coordinates ("${await moveList()}")`);
  check(await page.$$eval('#board g.held[data-player="0"]', (l) => l.length) === 0, 'and the hand is empty');
  await shot('shogi-drop');

  // ---- janggi: two clicks on the general deselect it; the Pass button passes
  await openGame('janggi');
  const before = await status();
  const general = (await page.$$eval('#board [data-square]', (l) => l.map((e) => e.dataset.square))).includes('e2') ? 'e2' : '';
  await click(general);
  check((await targets()).length > 0, `a click on the general shows its moves (${await targets()})`);
  await click(general);
  check((await targets()).length === 0 && await status() === before && (await plies()).length === 0,
    'a second click deselects it and plays nothing');
  check(!(await page.$eval('#pass', (b) => b.disabled || b.hidden)), 'the Pass button is offered');
  await page.click('#pass');
  await waitPlies(1);
  check(before === 'Cho to move' && (await plies())[0] === 'pass' && await status() === 'Han to move',
    `the pass is played, Cho's turn handed to Han ("${before}", "${await moveList()}", "${await status()}")`);

  // ---- the marks on boards of other shapes: xiangqi's points, a hex board's hexagons
  const marked = (sel) => page.$eval(sel, (e) => ({ tag: e.tagName, fill: getComputedStyle(e).fill, opacity: getComputedStyle(e).fillOpacity }));
  const green = 'rgb(159, 216, 159)', blue = 'rgb(127, 184, 230)';
  await openGame('xiangqi');
  check(await status() === 'Red to move', `xiangqi opens with Red to move ("${await status()}")`);
  await click('b3');
  const point = await marked('#board .point[data-square="b3"]');
  // the mark is under the piece: a ring of it must show around the piece's disc
  const [markWidth, pieceWidth] = await page.$eval('#board .point[data-square="b3"]', (e) => {
    const centre = e.getBoundingClientRect();
    const piece = [...document.querySelectorAll('#board g.piece')].find((g) => {
      const r = g.getBoundingClientRect();
      return Math.abs(r.x + r.width / 2 - (centre.x + centre.width / 2)) < 2 && Math.abs(r.y + r.height / 2 - (centre.y + centre.height / 2)) < 2;
    });
    return [centre.width, piece ? piece.getBoundingClientRect().width : Infinity];
  });
  check(point.fill === blue && markWidth > pieceWidth + 4,
    `the cannon picked is marked on its point, a ring of it around the piece (${JSON.stringify(point)}, ${markWidth.toFixed(1)} px around ${pieceWidth.toFixed?.(1) ?? pieceWidth} px)`);
  const pointTarget = await marked('#board .point.target[data-square="e3"]').catch(() => null);
  check(pointTarget?.fill === green && pointTarget.opacity === '0.75', `and its targets too, e3 among them (${JSON.stringify(pointTarget)}; ${await targets()})`);
  await click('b3');
  const hexSpec = fs.readFileSync(new URL('../../tests/data/display/hex5.json', import.meta.url), 'utf8');
  await page.$eval('#spec', (e, t) => { e.value = t; e.dispatchEvent(new Event('input')); }, hexSpec);
  await waitFor(() => !document.getElementById('apply').disabled);
  await page.click('#apply');
  await waitStatus(/^Red to move$/);
  check(await page.$$eval('#board polygon[data-square]', (l) => l.length) === 25 && await page.$eval('#game', (e) => e.selectedIndex) === -1,
    'a hex spec from the editor: 25 hexagons, and no shipped game named in the list');
  await page.click('#board g.held[data-player="0"]');
  const hexTarget = await marked('#board .target[data-square="e5"]').catch(() => null);
  check(hexTarget?.tag === 'polygon' && hexTarget.fill === green,
    `a stone picked from the hand marks the empty hexagons, e5 among them (${JSON.stringify(hexTarget)}; ${(await targets()).length} targets)`);
  await click('e5');
  await waitPlies(1);
  check(await status() === 'Blue to move' && await page.$$eval('#board polygon.last', (l) => l.length) === 1,
    `the drop is played and its hexagon marked as the last move ("${await status()}")`);
  await shot('hex');

  // ---- four-player chess: Red's first move passes the turn to Blue
  await openGame('chess4');
  check(await status() === 'Red to move', `four-player chess opens with Red to move ("${await status()}")`);
  const colours = await page.$$eval('#board g.piece', (l) => new Set(l.map((e) => e.dataset.player)).size);
  check(colours === 4, `four players' pieces on the board (${colours})`);
  await click('d2');
  await click('d4');
  check(await waitStatus(/^Blue to move$/), `after d2d4, Blue to move ("${await status()}")`);
  await shot('chess4');

  // ---- perft: stopped by the button; a long count does not hold up the computer; New game ends it
  await openGame('chess');
  const perftState = () => page.$eval('#perft-result', (e) => e.dataset.state);
  await page.$eval('#perft-depth', (e) => { e.value = '8'; });
  await page.click('#perft');
  check(!(await page.$eval('#perft-stop', (b) => b.disabled)), 'a running perft can be stopped');
  await page.click('#perft-stop');
  check(await waitFor(() => document.getElementById('perft-result').dataset.state === 'stopped') &&
    /stopped/.test(await text('#perft-result')), `#perft-stop stops it ("${await text('#perft-result')}")`);
  await page.click('#perft');
  await page.click('#computer input[data-player="1"]');
  await click('e2');
  await click('e4');
  check(await waitPlies(2, 30000) && await status() === 'White to move' && await perftState() === 'running',
    `the computer answers e4 while perft 8 counts (${await plies()})`);
  await page.click('#computer input[data-player="1"]');
  await page.click('#new');
  check(await perftState() === 'stopped' && await page.$eval('#perft-stop', (b) => b.disabled),
    `New game stops the count ("${await text('#perft-result')}")`);

  // ---- perft and divide still count right
  await page.$eval('#perft-depth', (e) => { e.value = '3'; });
  await page.click('#perft');
  await waitFor(() => document.getElementById('perft-result').dataset.state === 'done', undefined, 30000);
  check(await page.$eval('#perft-result', (e) => e.dataset.nodes) === '8902', 'perft 3 of chess counts 8902 in the page');
  await page.click('#divide');
  await waitFor(() => /total/.test(document.getElementById('perft-result').textContent), undefined, 30000);
  const divided = await page.$eval('#perft-result', (e) => e.textContent);
  check(/^e2e4 600$/m.test(divided) && /total 8902/.test(divided), 'divide 3 splits it by move (e2e4 600)');
  await page.click('#export');
  check((await page.$eval('#export-text', (e) => e.value)).includes('"must"'), 'Export GGN writes the must-deny library');

  // ---- resignation, and a draw offered and accepted
  await page.click('#resign');
  check(await status() === 'White resigns — Black wins', `#resign: "${await status()}"`);
  check(await page.$eval('#resign', (b) => b.disabled), 'and the game is over');
  await page.click('#new');
  await drag('e2', 'e4');
  await page.click('#draw');
  check(!(await page.$eval('#draw-answer', (e) => e.hidden)) && /Black offers a draw/.test(await text('#draw-answer')),
    `Black offers a draw ("${await text('#draw-answer')}")`);
  await page.click('#draw-accept');
  check(await status() === 'Draw agreed', `and White accepts ("${await status()}")`);

  // ---- clocks: Fischer increment added after a move, a fallen flag ends the game; byoyomi shown
  await page.select('#clock-mode', 'fischer');
  await page.$eval('#clock-main', (e) => { e.value = '0.5'; e.dispatchEvent(new Event('change')); });
  await page.$eval('#clock-extra', (e) => { e.value = '2'; e.dispatchEvent(new Event('change')); });
  await page.click('#new');
  const clocks = () => page.$$eval('#clocks .clock', (l) => l.map((e) => e.textContent));
  check(JSON.stringify(await clocks()) === '["White 0:30","Black 0:30"]', `30 s each on the clocks (${await clocks()})`);
  await drag('e2', 'e4');
  const t0 = Date.now();
  await drag('e7', 'e5');
  const spent = (Date.now() - t0) / 1000;
  const afterTwo = await clocks();
  const clockSeconds = (clock) => clock.split(' ')[1].split(':').reduce((a, b) => 60 * a + Number(b), 0);
  check(afterTwo[0] === 'White 0:30' || clockSeconds(afterTwo[0]) >= 30 - spent,
    `the clocks start at White's first move: White has had at most ${spent} s (${afterTwo})`);
  check(clockSeconds(afterTwo[1]) >= Math.floor(32 - spent) - 1 && clockSeconds(afterTwo[1]) <= 32,
    `Black's move added 2 s to what was left after at most ${spent} s (${afterTwo})`);
  await page.$eval('#clock-main', (e) => { e.value = '0.02'; e.dispatchEvent(new Event('change')); });
  await page.click('#new');
  await drag('e2', 'e4');
  check(await waitStatus(/^Time — White wins$/), `Black's 1.2 s run out: "${await status()}"`);
  check(await page.$eval('#board', (b) => !b.querySelector('.target')) && (await plies()).length === 1, 'and nothing more is played');
  await page.select('#clock-mode', 'byoyomi');
  await page.$eval('#clock-main', (e) => { e.value = '0'; e.dispatchEvent(new Event('change')); });
  await page.$eval('#clock-extra', (e) => { e.value = '20'; e.dispatchEvent(new Event('change')); });
  await page.click('#new');
  check(JSON.stringify(await clocks()) === '["White 0:20 (byoyomi)","Black 0:20 (byoyomi)"]',
    `byoyomi of 20 s without main time (${await clocks()})`);
  await drag('e2', 'e4');
  check(await waitFor(() => /Black .*\(byoyomi\)/.test(document.getElementById('clocks').textContent)),
    `with no main time Black plays in byoyomi (${await clocks()})`);
  await drag('e7', 'e5');
  check(/^White .*\(byoyomi\)$/.test((await clocks())[0]), `and so does White (${await clocks()})`);
  await page.select('#clock-mode', 'none');
  await page.click('#new');
  check(await page.$eval('#clocks', (e) => e.hidden), 'no clock: none shown');

  // ---- a broken spec: the error at its line and field, as `ggn check` says it
  const good = fs.readFileSync(path.join(dist, 'games', 'chess.json'), 'utf8');
  const bad = good.replace('"name": "WHITE"', '"name": 42');
  const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ggn-web-')), 'bad.json');
  fs.writeFileSync(tmp, bad);
  let expected = '';
  try { execFileSync(ggn, ['check', tmp], { encoding: 'utf8', stdio: 'pipe' }); } catch (e) { expected = e.stdout + e.stderr; }
  const line = expected.split('\n').find((l) => l.includes(': error: ')) || '';
  const located = line.slice(tmp.length + 1); // "7:15: error: ... [at /players/0/name]"
  check(/^7:\d+: error: .*\[at \/players\/0\/name\]$/.test(located), `ggn check locates the error (${located})`);
  await page.$eval('#spec', (e, t) => { e.value = t; e.dispatchEvent(new Event('input')); }, bad);
  await page.waitForSelector('#errors li.error', { timeout: 10000 });
  const shown = await page.$$eval('#errors li.error', (l) => l.map((e) => e.textContent));
  check(shown.length > 0 && shown[0].endsWith(located), `the editor shows it the same way (${shown[0]})`);
  check(await page.$eval('#apply', (b) => b.disabled), 'and a broken spec cannot be played');
  await page.$eval('#spec', (e) => e.scrollIntoView());
  await shot('spec-error');

  // ---- an error far down the spec: clicked, it is scrolled into view with the cursor on it
  const lines = good.split('\n');
  const far = lines.length - 3;
  const deep = lines.map((l, i) => (i === far - 1 ? `${l} ,` : l)).join('\n');
  await page.$eval('#spec', (e, t) => { e.value = t; e.scrollTop = 0; e.dispatchEvent(new Event('input')); }, deep);
  await waitFor(() => Number(document.querySelector('#errors li.error')?.dataset.line) > 40);
  const errorLine = await page.$eval('#errors li.error', (e) => Number(e.dataset.line));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click('#errors li.error');
  const view = await page.$eval('#spec', (e) => {
    const lh = parseFloat(getComputedStyle(e).lineHeight);
    const caretLine = e.value.slice(0, e.selectionStart).split('\n').length;
    const r = e.getBoundingClientRect();
    return { caretLine, top: e.scrollTop / lh, bottom: (e.scrollTop + e.clientHeight) / lh, inWindow: r.top < innerHeight && r.bottom > 0 };
  });
  check(errorLine > 40 && view.caretLine === errorLine && view.top < errorLine && errorLine <= view.bottom && view.inWindow,
    `a click on the error at line ${errorLine} scrolls the editor to it (${JSON.stringify(view)})`);

  // ---- links: the share link's moves, ?game=NAME, and links the page cannot follow
  await goto(`${url}#game=chess&moves=e2e4%20e7e5`);
  check(await moveList() === '1. e4 e5' && await status() === 'White to move',
    `a link with moves opens the game after them ("${await moveList()}")`);
  await goto(`${url}?game=xiangqi`);
  const points = await page.$$eval('#board [data-square]', (l) => l.length);
  check(await page.$eval('#game', (e) => e.value) === 'xiangqi' && points === 90 && await page.$eval('#notice', (e) => e.hidden),
    `?game=xiangqi opens xiangqi (${points} points)`);
  await shot('xiangqi');
  await goto(`${url}#game=chess&moves=e2e4%20e7e5%20e2e5`);
  const why = await text('#notice');
  check(/move 3, "e2e5"/.test(why), `a link with an illegal move says which ("${why}")`);
  check(await status() === 'White to move' && (await plies()).length === 0, 'and leaves the start position');
  await drag('e2', 'e4');
  check(await moveList() === '1. e4', `which can be played ("${await moveList()}")`);
  await goto(`${url}?game=no-such-game`);
  check(/no-such-game/.test(await text('#notice')) && await status() === 'White to move' &&
    await page.$eval('#game', (e) => e.value) === 'chess', `an unknown game is reported, chess opened ("${await text('#notice')}")`);
  const broken = Buffer.from(bad).toString('base64url');
  await goto(`${url}#spec=${broken}&moves=e2e4`);
  check(/does not load/.test(await text('#notice')) && await status() === 'White to move' &&
    (await page.$$eval('#errors li.error', (l) => l.length)) > 0 && (await page.$eval('#spec', (e) => e.value)) === bad,
  `a link with a broken spec keeps it in the editor with its errors and opens chess ("${await text('#notice')}")`);
  await goto(`${url}#game=chess&fen=not%20a%20fen`);
  check(/position/.test(await text('#notice')) && await status() === 'White to move',
    `a bad FEN in a link is reported, the start position left ("${await text('#notice')}")`);
} catch (e) {
  check(false, `the test ran to its end: ${e.stack || e}`);
} finally {
  check(problems.length === 0, `no page error logged${problems.length ? `: ${problems.join('; ')}` : ''}`);
  await browser.close();
  server.close();
}
process.exit(failures ? 1 : 0);
