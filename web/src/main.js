// main.js — the page: choose or edit a game, play it by clicking the board
// that ggn's own renderer draws (src/render), against a person or the
// computer (worker.js). docs/web.md describes what each control does.
import { loadEngine, Session, sessionAt } from './engine.js';

const $ = (id) => document.getElementById(id);

const page = {
  mod: null,
  session: null,     // the game played now
  spec: '',          // its spec text
  name: '',          // its file name (a shipped game's id) or '<editor>'
  start: '',         // the FEN/SFEN it started from ('' = the spec's start)
  played: [],        // the moves made, as coordinate text (for the worker and the link)
  state: null,       // the last web_state
  flip: false,
  picked: null,      // { from } or { drop } while a move is being chosen
  computer: new Set(), // players the computer moves
  thinking: 0,       // id of the search awaited, 0 when none
};

// ---- the worker: searches and perft off the page's thread ----

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
let nextJob = 1;
const pending = new Map();
worker.onmessage = (event) => {
  const { id, result, error } = event.data;
  const job = pending.get(id);
  if (!job) return;
  pending.delete(id);
  if (error) job.reject(new Error(error)); else job.resolve(result);
};

function runJob(job, extra) {
  const id = nextJob++;
  const message = { id, job, spec: page.spec, name: page.name, start: page.start, moves: page.played, ...extra };
  return { id, done: new Promise((resolve, reject) => { pending.set(id, { resolve, reject }); worker.postMessage(message); }) };
}

// ---- the game ----

function openGame(spec, name, start, moves) {
  const s = sessionAt(page.mod, spec, name, start, moves || []);
  if (!s.ok) {
    s.close();
    return false;
  }
  if (page.session) page.session.close();
  page.session = s;
  page.spec = spec;
  page.name = name;
  page.start = start || '';
  page.played = [...(moves || [])];
  page.picked = null;
  page.thinking = 0;
  buildComputerChoice();
  refresh();
  return true;
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
    label.append(input, ' ', titleCase(player.name));
    box.append(' ', label);
  });
}

function titleCase(name) {
  return name.charAt(0) + name.slice(1).toLowerCase();
}

function refresh() {
  const st = page.session.state(page.flip, 0);
  if (st.error) {
    $('status').textContent = st.error;
    return;
  }
  page.state = st;
  $('board').innerHTML = st.svg.replace(/^<\?xml[^>]*>\s*/, '');
  $('status').textContent = st.status;
  $('detail').textContent = st.detail;
  const { fen, usi } = page.session.info;
  $('fen').value = st.fen || st.sfen || '';
  $('fen').disabled = $('set-fen').disabled = !fen && !usi;
  $('fen').placeholder = !fen && !usi ? 'this game has neither FEN nor SFEN' : '';
  $('fen-error').textContent = '';
  $('promotion').hidden = true;
  const history = $('history');
  history.replaceChildren(...page.played.map((m) => Object.assign(document.createElement('li'), { textContent: m })));
  history.scrollTop = history.scrollHeight;
  $('undo').disabled = st.undo === 0;
  showPicked();
  maybeComputer();
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

function candidates() {
  const p = page.picked;
  if (!p || !page.state) return [];
  return page.state.moves.filter((m) => (p.from ? m.from === p.from : m.drop === p.drop));
}

function humanToMove() {
  return page.state && !page.state.over && !page.computer.has(page.state.to_move) && !page.thinking;
}

function onBoardClick(event) {
  if (!humanToMove()) return;
  const held = event.target.closest('g.held');
  if (held) {
    const kind = Number(held.dataset.kind);
    const mine = Number(held.dataset.player) === page.state.to_move;
    page.picked = mine && page.state.moves.some((m) => m.drop === kind) ? { drop: kind } : null;
    showPicked();
    return;
  }
  const squareEl = event.target.closest('[data-square]');
  if (!squareEl) return;
  const square = squareEl.dataset.square;
  const options = candidates().filter((m) => m.to === square);
  if (options.length) {
    choose(options);
    return;
  }
  page.picked = page.state.moves.some((m) => m.from === square) ? { from: square } : null;
  showPicked();
}

// One legal move among those to the square clicked: several are promotion options.
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
  if (index < 0 || !page.session.play(index)) return;
  page.played.push(move.text);
  page.picked = null;
  refresh();
}

function undo() {
  if (page.thinking) return;
  // against the computer, take back to the last move of a person
  do {
    if (!page.session.undo()) break;
    page.played.pop();
  } while (page.played.length && page.computer.has(page.session.state(false, 8).to_move) &&
           page.computer.size < page.session.info.players.length);
  page.picked = null;
  refresh();
}

function maybeComputer() {
  const st = page.state;
  if (!st || st.over || page.thinking || !page.computer.has(st.to_move)) return;
  const { id, done } = runJob('search', {
    depth: Number($('depth').value), timeMs: Number($('movetime').value), seed: page.played.length + 1,
  });
  page.thinking = id;
  $('status').textContent = `${st.status} — thinking…`;
  const session = page.session;
  done.then((r) => {
    if (page.thinking !== id || page.session !== session) return;
    page.thinking = 0;
    const err = page.session.playText(r.move);
    if (err) throw new Error(err);
    page.played.push(r.move);
    refresh();
  }).catch((e) => {
    if (page.thinking === id) page.thinking = 0;
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

async function perft(divide) {
  const depth = Number($('perft-depth').value);
  const out = $('perft-result');
  out.textContent = `${divide ? 'divide' : 'perft'} ${depth}: counting…`;
  try {
    const r = await runJob(divide ? 'divide' : 'perft', { depth }).done;
    const ms = Math.round(r.ms);
    if (divide) {
      const total = r.divide.reduce((sum, d) => sum + d.nodes, 0);
      out.textContent = r.divide.map((d) => `${d.move} ${d.nodes}`).join('\n') + `\ntotal ${total} (${ms} ms)`;
    } else {
      const nps = r.ms > 0 ? Math.round(r.nodes / (r.ms / 1000)) : 0;
      out.textContent = `perft ${depth}: ${r.nodes} nodes in ${ms} ms (${nps} nodes/s)`;
    }
    out.dataset.nodes = divide ? '' : String(r.nodes);
    out.dataset.ms = String(r.ms);
  } catch (e) {
    out.textContent = e.message;
  }
}

function exportGgn() {
  const r = page.session.exportGgn($('spelling').value);
  $('export-error').textContent = r.error || '';
  $('export-text').value = r.text || '';
}

// base64url of UTF-8 text, and back: a spec travels in the link this way.
function encode(text) {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decode(text) {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

function shareLink() {
  const params = new URLSearchParams();
  if (page.name !== '<editor>') params.set('game', page.name); else params.set('spec', encode(page.spec));
  if (page.start) params.set('fen', page.start);
  if (page.played.length) params.set('moves', page.played.join(' '));
  const url = new URL(location.href);
  url.hash = params.toString();
  $('share-link').value = url.href;
  history.replaceState(null, '', url.href);
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

function goToLine(line, column) {
  const area = $('spec');
  const lines = area.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, (column || 1) - 1);
  area.focus();
  area.setSelectionRange(offset, offset);
}

async function loadShipped(id, start, moves) {
  const response = await fetch(`games/${id}.json`);
  if (!response.ok) throw new Error(`games/${id}.json: ${response.status}`);
  const text = await response.text();
  $('spec').value = text;
  $('game').value = id;
  checkSpec();
  if (!openGame(text, id, start, moves)) $('status').textContent = `${id} does not load: see the errors below`;
}

async function fromLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const moves = (params.get('moves') || '').split(' ').filter(Boolean);
  const start = params.get('fen') || '';
  if (params.has('spec')) {
    const text = decode(params.get('spec'));
    $('spec').value = text;
    checkSpec();
    if (!openGame(text, '<editor>', start, moves)) $('status').textContent = 'The linked spec does not load: see the errors below';
    return;
  }
  await loadShipped(params.get('game') || 'chess', start, moves);
}

async function main() {
  page.mod = await loadEngine();
  const games = await (await fetch('games/index.json')).json();
  $('game').replaceChildren(...games.map((g) => Object.assign(document.createElement('option'), { value: g.id, textContent: g.name })));
  $('game').addEventListener('change', () => loadShipped($('game').value).catch(report));
  $('new').addEventListener('click', () => openGame(page.spec, page.name, page.start, []));
  $('undo').addEventListener('click', undo);
  $('flip').addEventListener('click', () => { page.flip = !page.flip; refresh(); });
  $('board').addEventListener('click', onBoardClick);
  $('promotion-cancel').addEventListener('click', () => { $('promotion').hidden = true; page.picked = null; showPicked(); });
  $('set-fen').addEventListener('click', setFen);
  $('perft').addEventListener('click', () => perft(false));
  $('divide').addEventListener('click', () => perft(true));
  $('export').addEventListener('click', exportGgn);
  $('share').addEventListener('click', shareLink);
  $('spec').addEventListener('input', () => { clearTimeout(checkTimer); checkTimer = setTimeout(checkSpec, 250); });
  $('apply').addEventListener('click', () => {
    if (checkSpec()) openGame($('spec').value, '<editor>', '', []);
  });
  $('open').addEventListener('change', async () => {
    const file = $('open').files[0];
    if (!file) return;
    $('spec').value = await file.text();
    if (checkSpec()) openGame($('spec').value, '<editor>', '', []);
  });
  await fromLink();
  document.body.dataset.ready = 'true';
}

function report(e) {
  $('status').textContent = `Error: ${e.message}`;
  console.error(e);
}

main().catch(report);
