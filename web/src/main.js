// main.js — the page: choose or edit a game, play it by clicking or dragging
// on the board that ggn's own renderer draws (src/render), against a person
// or the computer (worker.js), with a move list to step through, clocks,
// resignation and draw offers. docs/web.md describes what each control does.
import { loadEngine, Session, sessionAt } from './engine.js';
import { Clocks, formatClock } from './clocks.js';
import { watchBoard, pieceOn } from './drag.js';
import { JobWorker } from './jobs.js';
import { readLink, writeLink } from './link.js';
import { moveListItems } from './movelist.js';

const $ = (id) => document.getElementById(id);

const page = {
  mod: null,
  session: null,     // the game played now
  spec: '',          // its spec text
  name: '',          // its file name (a shipped game's id) or '<editor>'
  start: '',         // the FEN/SFEN it started from ('' = the spec's start)
  played: [],        // the moves made, as the library wrote them ({text, san, usi, pass, player})
  state: null,       // the last web_state of the game now
  view: null,        // the ply shown while stepping through the game (null: the position now)
  ended: null,       // a result the board does not know: { status } for resignation, draw agreed, time
  drawOffer: -1,     // the player whose draw offer stands, -1 when none
  scores: new Map(), // the computer's last score for each player it moves (its own point of view)
  flip: false,
  picked: null,      // { from } or { drop } while a move is being chosen
  computer: new Set(), // players the computer moves
  thinking: 0,       // id of the search awaited, 0 when none
  clocks: null,      // Clocks, or null when the game is played without
};

// ---- workers: the computer's search, and perft, each on a thread of its own ----

const searcher = new JobWorker();
const counter = new JobWorker();

// The game as a worker rebuilds it.
function gameNow() {
  return { spec: page.spec, name: page.name, start: page.start, moves: page.played.map((m) => m.text) };
}

// ---- the game ----

// Opens a game at a start position after moves given as text. Throws (the
// game shown stays as it was) when the spec does not load or a move or the
// position is refused, saying which.
function openGame(spec, name, start, moves) {
  const played = [];
  const another = spec !== page.spec || name !== page.name;
  const s = sessionAt(page.mod, spec, name, start, moves || [], played);
  if (!s.ok) {
    s.close();
    throw new Error(`${name === '<editor>' ? 'the spec' : name} does not load: see the errors below`);
  }
  searcher.stop('a new game began');
  stopPerft('stopped: a new game began');
  if (page.session) page.session.close();
  page.session = s;
  page.spec = spec;
  page.name = name;
  // the editor's spec is none of the shipped games: the list shows no name (and any may be chosen)
  if (name === '<editor>') $('game').selectedIndex = -1;
  page.start = start || '';
  page.played = played;
  page.view = null;
  page.ended = null;
  page.drawOffer = -1;
  page.scores.clear();
  page.picked = null;
  page.thinking = 0;
  startClocks();
  buildComputerChoice();
  offerNotations(another);
  refresh();
}

function buildComputerChoice() {
  const box = $('computer');
  box.textContent = 'Computer plays:';
  page.computer = new Set([...page.computer].filter((p) => p < page.session.info.players.length));
  page.session.info.players.forEach((player, index) => {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.dataset.player = index;
    input.checked = page.computer.has(index);
    input.addEventListener('change', () => {
      if (input.checked) page.computer.add(index); else page.computer.delete(index);
      maybeComputer();
    });
    label.append(input, ' ', playerName(index));
    box.append(' ', label);
  });
}

// The side's name as the game's players say it (the bridge's "side": shogi's
// first player is Black, janggi's Cho).
function playerName(index) {
  return page.session.info.players[index].side;
}

function twoPlayers() {
  return page.session.info.players.length === 2;
}

function over() {
  return !page.state || page.state.over || page.ended !== null;
}

function refresh() {
  const st = page.session.state(page.flip, 0);
  if (st.error) {
    $('status').textContent = st.error;
    return;
  }
  page.state = st;
  if (page.clocks) {
    page.clocks.turn(over() ? -1 : st.to_move, page.played.length > 0);
  }
  showBoard();
  const { fen, usi } = page.session.info;
  $('fen').value = st.fen || '';
  $('fen').disabled = $('set-fen').disabled = !fen && !usi;
  $('fen').placeholder = !fen && !usi ? 'this game has neither FEN nor SFEN' : '';
  $('sfen').value = st.sfen || '';
  // SFEN beside FEN where pieces are held, as shogi programs exchange such positions
  $('sfen-row').hidden = !usi || !page.session.info.hands;
  $('fen-error').textContent = '';
  showMoveList();
  showActions();
  maybeComputer();
}

// The position shown: the game now, or an earlier one while stepping through the moves.
function showBoard() {
  let st = page.state;
  const viewing = page.view !== null;
  if (viewing) {
    const s = sessionAt(page.mod, page.spec, page.name, page.start, page.played.slice(0, page.view).map((m) => m.text));
    st = s.state(page.flip, 0);
    s.close();
  }
  $('board').innerHTML = st.svg.replace(/^<\?xml[^>]*>\s*/, '');
  for (const square of st.check_squares || []) $('board').querySelector(`[data-square="${square}"]`)?.classList.add('check');
  $('board').classList.toggle('viewing', viewing);
  $('promotion').hidden = true;
  if (viewing) {
    $('status').textContent = `Move ${page.view} of ${page.played.length}: ${st.status}`;
    $('detail').textContent = 'Stepping through the game: » (or End) returns to the position now.';
  } else {
    $('status').textContent = page.ended ? page.ended.status : page.state.status;
    $('detail').textContent = page.ended ? '' : page.state.detail;
    if (page.thinking) $('status').textContent += ' — thinking…';
  }
  showPicked();
}

// A move as the list writes it, in the notation chosen: SAN (games with FEN),
// USI (games with USI, as shogi programs write it) or the library's
// coordinates, which every game has.
function notation(m) {
  if (m.pass) return 'pass';
  const chosen = $('notation').value;
  return (chosen === 'san' && page.session.info.fen && m.san) || (chosen === 'usi' && m.usi) || m.text;
}

// The notations the game has. Another game starts in its own: USI where it is
// drawn in the shogi style (as shogi players write moves), else SAN where it
// has one; a new game of the same one keeps the notation chosen.
function offerNotations(another) {
  const { fen, usi, style } = page.session.info;
  const select = $('notation');
  const has = { san: fen, usi, text: true };
  for (const option of select.options) option.disabled = !has[option.value];
  if (another || !has[select.value]) select.value = usi && style === 'shogi' ? 'usi' : fen ? 'san' : 'text';
}

// The move list, the move shown marked; each move a button that shows the position after it.
function showMoveList() {
  const list = $('move-list');
  const shown = page.view === null ? page.played.length : page.view;
  list.replaceChildren(...moveListItems(page.played, shown, notation, viewPly));
  list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
  $('first').disabled = $('back').disabled = shown === 0;
  $('forward').disabled = $('last').disabled = page.view === null;
}

// Shows the position after `ply` moves (the game now when it is the last).
function viewPly(ply) {
  const n = page.played.length;
  ply = Math.max(0, Math.min(n, ply));
  page.view = ply === n ? null : ply;
  page.picked = null;
  showBoard();
  showMoveList();
  showActions();
}

// Highlights the piece picked and where it may go.
function showPicked() {
  const board = $('board');
  for (const el of board.querySelectorAll('.from, .target, .chosen')) el.classList.remove('from', 'target', 'capture', 'chosen');
  const p = page.picked;
  if (!p) return;
  if (p.from) board.querySelector(`[data-square="${p.from}"]`)?.classList.add('from');
  if (p.drop !== undefined) {
    board.querySelector(`g.held[data-player="${page.state.to_move}"][data-kind="${p.drop}"]`)?.classList.add('chosen');
  }
  for (const m of candidates()) {
    const el = board.querySelector(`[data-square="${m.to}"]`);
    if (el) el.classList.add('target', ...(m.capture ? ['capture'] : []));
  }
}

// The legal moves of the piece picked; a pass is made by its button, never by the board.
function candidates() {
  const p = page.picked;
  if (!p || !page.state) return [];
  return page.state.moves.filter((m) => !m.pass && (p.from ? m.from === p.from : m.drop === p.drop));
}

function humanToMove() {
  return !over() && page.view === null && !page.computer.has(page.state.to_move) && !page.thinking;
}

// The player who resigns or offers a draw: the one to move, unless the computer
// moves them (then the first player a person moves).
function actingPlayer() {
  const n = page.session.info.players.length;
  const p = page.state.to_move;
  if (!page.computer.has(p)) return p;
  for (let i = 0; i < n; i++) if (!page.computer.has(i)) return i;
  return p;
}

function showActions() {
  const live = !over() && page.view === null;
  $('pass').disabled = !humanToMove() || !page.state.moves.some((m) => m.pass);
  $('pass').hidden = !page.state.moves.some((m) => m.pass) && !page.session.info.pass;
  $('resign').disabled = !live || !twoPlayers();
  $('draw').disabled = !live || !twoPlayers() || page.drawOffer >= 0;
  $('resign').title = $('draw').title = twoPlayers() ? '' : 'only in games of two players';
  $('draw-answer').hidden = page.drawOffer < 0 || !live;
  if (page.drawOffer >= 0) $('draw-offer').textContent = `${playerName(page.drawOffer)} offers a draw.`;
  $('undo').disabled = page.state.undo === 0 || page.ended !== null || page.view !== null;
}

// ---- moving: clicks, and drags from a piece to a square ----

// A press on the board picks a piece (or plays to a target); dragging it and
// letting go over a target plays there (drag.js). A second click on the
// picked piece lets it go again.
let unpick = false; // the press was on the piece already picked

function onPress(event) {
  if (!humanToMove()) return null;
  const board = $('board');
  const held = event.target.closest('g.held');
  const squareEl = held ? null : event.target.closest('[data-square]');
  if (!held && !squareEl) return null;
  unpick = false;
  if (held) {
    const kind = Number(held.dataset.kind);
    const mine = Number(held.dataset.player) === page.state.to_move;
    page.picked = mine && page.state.moves.some((m) => m.drop === kind) ? { drop: kind } : null;
  } else {
    const square = squareEl.dataset.square;
    const options = candidates().filter((m) => m.to === square);
    if (options.length) {
      choose(options);
      return null;
    }
    unpick = page.picked?.from === square;
    page.picked = page.state.moves.some((m) => m.from === square && !m.pass) ? { from: square } : null;
  }
  showPicked();
  return page.picked ? { ghost: held || pieceOn(board, squareEl) } : null;
}

function onClick() {
  if (!unpick) return;
  page.picked = null;
  showPicked();
}

function onDrop(squareEl) {
  const options = squareEl ? candidates().filter((m) => m.to === squareEl.dataset.square) : [];
  if (options.length) choose(options);
  else showBoard(); // back where it came from: the piece stays picked, its targets shown
}

// One legal move among those to the square chosen: several are promotion options.
function choose(options) {
  if (options.length === 1) {
    play(options[0]);
    return;
  }
  const box = $('promotion-options');
  box.replaceChildren(...options.map((m) => {
    const b = document.createElement('button');
    b.type = 'button';
    const kind = m.becomes !== undefined ? page.session.info.kinds[m.becomes] : null;
    b.textContent = kind ? kind.label : m.san;
    b.title = kind ? kind.code : m.text;
    b.dataset.move = m.text;
    b.addEventListener('click', () => play(m));
    return b;
  }));
  $('promotion').hidden = false;
}

function play(move) {
  const index = page.state.moves.indexOf(move);
  const mover = page.state.to_move;
  if (index < 0 || !page.session.play(index)) return;
  record(move, mover);
}

// A move made (by a person or the computer): listed, clocks turned, a draw offer lapsed.
function record(move, mover) {
  page.played.push({ ...move, player: mover });
  if (page.drawOffer >= 0 && page.drawOffer !== mover) page.drawOffer = -1; // a move declines it
  page.picked = null;
  refresh();
}

function pass() {
  if (!humanToMove()) return;
  const move = page.state.moves.find((m) => m.pass);
  if (move) play(move);
}

function undo() {
  if (page.thinking || page.ended) return;
  // against the computer, take back to the last move of a person
  do {
    if (!page.session.undo()) break;
    page.played.pop();
  } while (page.played.length && page.computer.has(page.session.state(false, 8).to_move) &&
           page.computer.size < page.session.info.players.length);
  page.picked = null;
  page.view = null;
  refresh();
}

// ---- the end of a game by the players' word, or by the clock ----

function end(status) {
  page.ended = { status };
  page.picked = null;
  page.drawOffer = -1;
  searcher.stop('the game is over');
  page.thinking = 0;
  refresh();
}

function resign() {
  if (over() || !twoPlayers()) return;
  const loser = actingPlayer();
  end(`${playerName(loser)} resigns — ${playerName(1 - loser)} wins`);
}

// The computer takes a draw when its last search saw itself less than half a
// pawn ahead (or it has not searched yet); a person answers with the buttons.
function offerDraw() {
  if (over() || !twoPlayers()) return;
  const by = actingPlayer();
  const other = 1 - by;
  if (page.computer.has(other)) {
    const score = page.scores.get(other) ?? 0;
    if (score < 50) end('Draw agreed');
    else $('detail').textContent = `${playerName(other)} (the computer) declines the draw.`;
    return;
  }
  page.drawOffer = by;
  showActions();
}

function answerDraw(accept) {
  if (page.drawOffer < 0) return;
  if (accept) {
    end('Draw agreed');
    return;
  }
  page.drawOffer = -1;
  showActions();
}

// ---- clocks (clocks.js keeps the time; this sets them up and shows them) ----

function clockSetting() {
  const mode = $('clock-mode').value;
  const minutes = Math.max(0, Number($('clock-main').value) || 0);
  const seconds = Math.max(0, Number($('clock-extra').value) || 0);
  return { mode, mainMs: minutes * 60000, extraMs: seconds * 1000 };
}

function startClocks() {
  if (page.clocks) page.clocks.stop();
  page.clocks = null;
  const setting = clockSetting();
  const box = $('clocks');
  box.hidden = setting.mode === 'none';
  if (setting.mode === 'none') return;
  page.clocks = new Clocks(setting, page.session.info.players.length, showClocks, (loser) => {
    const n = page.session.info.players.length;
    end(n === 2 ? `Time — ${playerName(1 - loser)} wins` : `Time — ${playerName(loser)} loses`);
  });
  box.replaceChildren(...page.session.info.players.map((p, i) => {
    const el = document.createElement('span');
    el.className = 'clock';
    el.dataset.player = String(i);
    return el;
  }));
  showClocks();
}

function showClocks() {
  if (!page.clocks) return;
  for (const el of $('clocks').children) {
    const p = Number(el.dataset.player);
    const c = page.clocks.read(p);
    el.textContent = `${playerName(p)} ${formatClock(c.ms)}${c.byoyomi ? ' (byoyomi)' : ''}`;
    el.classList.toggle('running', c.running);
    el.classList.toggle('low', c.ms < 10000);
  }
}

// ---- the computer ----

function maybeComputer() {
  const st = page.state;
  if (!st || over() || page.thinking || !page.computer.has(st.to_move)) return;
  const { id, done } = searcher.run('search', gameNow(), {
    depth: Number($('depth').value), timeMs: Number($('movetime').value), seed: page.played.length + 1,
  });
  page.thinking = id;
  if (page.view === null) $('status').textContent = `${st.status} — thinking…`;
  const session = page.session;
  const mover = st.to_move;
  showActions();
  done.then((r) => {
    if (page.thinking !== id || page.session !== session) return;
    page.thinking = 0;
    const move = page.session.playText(r.move);
    if (move.error) {
      $('status').textContent = `The computer could not move: ${r.move}: ${move.error}`;
      return;
    }
    page.scores.set(mover, r.score);
    record(move, mover);
  }).catch((e) => {
    if (page.thinking !== id) return; // stopped: a new game, or the game ended
    page.thinking = 0;
    $('status').textContent = `The computer could not move: ${e.message}`;
  });
}

// ---- position, perft, export, link ----

function setFen() {
  const text = $('fen').value.trim();
  const s = new Session(page.mod, page.spec, page.name);
  const err = s.setPosition(text);
  s.close();
  if (err) {
    $('fen-error').textContent = err;
    return;
  }
  openGame(page.spec, page.name, text, []);
}

function stopPerft(why) {
  counter.stop(why);
}

let perftRun = 0; // the count whose answer #perft-result awaits

async function perft(divide) {
  const depth = Number($('perft-depth').value);
  const out = $('perft-result');
  stopPerft('stopped: another count began');
  const run = ++perftRun;
  out.textContent = `${divide ? 'divide' : 'perft'} ${depth}: counting…`;
  out.dataset.nodes = '';
  out.dataset.state = 'running';
  $('perft-stop').disabled = false;
  const { done } = counter.run(divide ? 'divide' : 'perft', gameNow(), { depth });
  try {
    const r = await done;
    if (run !== perftRun) return;
    const ms = Math.round(r.ms);
    if (divide) {
      const total = r.divide.reduce((sum, d) => sum + d.nodes, 0);
      out.textContent = r.divide.map((d) => `${d.move} ${d.nodes}`).join('\n') + `\ntotal ${total} (${ms} ms)`;
    } else {
      const nps = r.ms > 0 ? Math.round(r.nodes / (r.ms / 1000)) : 0;
      out.textContent = `perft ${depth}: ${r.nodes} nodes in ${ms} ms (${nps} nodes/s)`;
      out.dataset.nodes = String(r.nodes);
    }
    out.dataset.ms = String(r.ms);
    out.dataset.state = 'done';
  } catch (e) {
    if (run !== perftRun) return; // a newer count has the result field now
    out.textContent = `${divide ? 'divide' : 'perft'} ${depth}: ${e.message}`;
    out.dataset.state = /^stopped/.test(e.message) ? 'stopped' : 'error';
  }
  if (!counter.busy()) $('perft-stop').disabled = true;
}

function exportGgn() {
  const r = page.session.exportGgn($('spelling').value);
  $('export-error').textContent = r.error || '';
  $('export-text').value = r.text || '';
}

function shareLink() {
  const href = writeLink(location.href, { name: page.name, spec: page.spec, start: page.start, moves: page.played.map((m) => m.text) });
  $('share-link').value = href;
  history.replaceState(null, '', href);
}

// ---- the spec editor ----

let checkTimer = 0;

function checkSpec() {
  const text = $('spec').value;
  const s = new Session(page.mod, text, '<editor>');
  const list = $('errors');
  const items = s.errors.map((e) => {
    const li = document.createElement('li');
    li.className = e.severity;
    li.textContent = e.text; // ggn_error_format's line, as `ggn check` prints it
    li.dataset.line = e.line;
    li.dataset.pointer = e.pointer;
    li.addEventListener('click', () => goToLine(e.line, e.column));
    return li;
  });
  if (s.dropped) items.push(Object.assign(document.createElement('li'), { textContent: `… and ${s.dropped} more` }));
  if (s.ok && !s.errors.length) {
    items.push(Object.assign(document.createElement('li'), { className: 'ok', textContent: `${s.info.name}: no problems` }));
  }
  list.replaceChildren(...items);
  $('apply').disabled = !s.ok;
  s.close();
  return s.ok;
}

// Puts the cursor at the line and column and scrolls the editor (and the page) to show it.
function goToLine(line, column) {
  const area = $('spec');
  const lines = area.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, (column || 1) - 1);
  area.focus({ preventScroll: true });
  area.setSelectionRange(offset, offset);
  const style = getComputedStyle(area);
  const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
  // the line a third of the way down the editor, where the eye finds it
  area.scrollTop = Math.max(0, (line - 1) * lineHeight - area.clientHeight / 3);
  area.scrollIntoView({ block: 'nearest' });
}

async function loadShipped(id, start, moves) {
  const response = await fetch(`games/${encodeURIComponent(id)}.json`);
  if (!response.ok) throw new Error(`games/${id}.json: ${response.status}`);
  const text = await response.text();
  $('spec').value = text;
  $('game').value = id;
  checkSpec();
  openGame(text, id, start, moves);
}

function notice(text) {
  $('notice').textContent = text;
  $('notice').hidden = !text;
}

// The game a link names (`?game=NAME`, or the fragment the share link writes:
// game or spec, fen, moves). A link the page cannot follow says why and
// leaves the game's start position (chess's when the game is unknown) to play.
async function fromLink(games) {
  const link = readLink(location);
  let name = link.game;
  if (link.specError) {
    notice(`${link.specError}; here is chess instead.`);
    name = 'chess';
  } else if (link.spec !== null) {
    $('spec').value = link.spec;
    checkSpec();
    name = '<editor>';
  } else if (!games.some((g) => g.id === name)) {
    notice(`The link names a game this page does not have, "${name}"; here is chess instead.`);
    name = 'chess';
  }
  const open = (start, moves) => (name === '<editor>' ? openGame(link.spec, name, start, moves) : loadShipped(name, start, moves));
  try {
    await open(link.start, link.moves);
  } catch (e) {
    if (name === '<editor>' && !checkSpec()) {
      // the broken spec stays in the editor with its errors; chess is there to play meanwhile
      notice('The linked spec does not load: see the errors below. Here is chess meanwhile.');
      const response = await fetch('games/chess.json');
      openGame(await response.text(), 'chess', '', []);
      $('game').value = 'chess';
      return;
    }
    notice(`The link cannot be followed: ${e.message}. The game starts from its start position.`);
    await open('', []);
  }
}

function onKey(event) {
  if (event.target.closest('input, textarea, select')) return;
  const now = page.view === null ? page.played.length : page.view;
  const to = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: page.played.length }[event.key];
  if (to === undefined || !page.session) return;
  event.preventDefault();
  viewPly(to);
}

async function main() {
  page.mod = await loadEngine();
  const games = await (await fetch('games/index.json')).json();
  $('game').replaceChildren(...games.map((g) => Object.assign(document.createElement('option'), { value: g.id, textContent: g.name })));
  $('game').addEventListener('change', () => { notice(''); loadShipped($('game').value).catch(report); });
  $('new').addEventListener('click', () => { notice(''); openGame(page.spec, page.name, page.start, []); });
  $('undo').addEventListener('click', undo);
  $('flip').addEventListener('click', () => { page.flip = !page.flip; refresh(); });
  watchBoard($('board'), { press: onPress, click: onClick, drop: onDrop, cancel: () => { if (page.state) showBoard(); } });
  window.addEventListener('keydown', onKey);
  $('promotion-cancel').addEventListener('click', () => { $('promotion').hidden = true; page.picked = null; showPicked(); });
  $('pass').addEventListener('click', pass);
  $('resign').addEventListener('click', resign);
  $('draw').addEventListener('click', offerDraw);
  $('draw-accept').addEventListener('click', () => answerDraw(true));
  $('draw-decline').addEventListener('click', () => answerDraw(false));
  $('first').addEventListener('click', () => viewPly(0));
  $('back').addEventListener('click', () => viewPly((page.view ?? page.played.length) - 1));
  $('forward').addEventListener('click', () => viewPly((page.view ?? page.played.length) + 1));
  $('last').addEventListener('click', () => viewPly(page.played.length));
  for (const id of ['clock-mode', 'clock-main', 'clock-extra']) {
    // before the first move the new setting applies at once; after, from the next game
    $(id).addEventListener('change', () => { if (page.session && !page.played.length) { startClocks(); refresh(); } });
  }
  $('notation').addEventListener('change', showMoveList);
  $('set-fen').addEventListener('click', setFen);
  $('perft').addEventListener('click', () => perft(false));
  $('divide').addEventListener('click', () => perft(true));
  $('perft-stop').addEventListener('click', () => stopPerft('stopped'));
  $('export').addEventListener('click', exportGgn);
  $('share').addEventListener('click', shareLink);
  $('spec').addEventListener('input', () => { clearTimeout(checkTimer); checkTimer = setTimeout(checkSpec, 250); });
  $('apply').addEventListener('click', () => {
    if (checkSpec()) { notice(''); openGame($('spec').value, '<editor>', '', []); }
  });
  $('open').addEventListener('change', async () => {
    const file = $('open').files[0];
    if (!file) return;
    $('spec').value = await file.text();
    if (checkSpec()) { notice(''); openGame($('spec').value, '<editor>', '', []); }
  });
  await fromLink(games);
  document.body.dataset.ready = 'true';
}

function report(e) {
  $('status').textContent = `Error: ${e.message}`;
  console.error(e);
}

main().catch(report);
