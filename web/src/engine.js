// engine.js — libggn in WebAssembly (ggn.js + ggn.wasm, built by `make web`)
// behind a small class. Every rule is the library's: this file only moves
// text in and JSON out through the bridge, web/ggn_web.c.
import createGgn from './ggn.js';

let modulePromise = null;

// The one instance of the module for this page (or worker).
export function loadEngine() {
  if (!modulePromise) modulePromise = createGgn();
  return modulePromise;
}

// A string the bridge returned: read, released, parsed.
function take(mod, ptr) {
  if (!ptr) throw new Error('ggn: out of memory');
  const text = mod.UTF8ToString(ptr);
  mod._web_free(ptr);
  return text === '' ? {} : JSON.parse(text);
}

// One game compiled from spec text, and one position of it.
export class Session {
  constructor(mod, specText, name) {
    this.mod = mod;
    this.ptr = mod.ccall('web_open', 'number', ['string', 'string'], [specText, name || '<editor>']);
    if (!this.ptr) throw new Error('ggn: out of memory');
    const report = take(mod, mod._web_errors(this.ptr));
    this.ok = report.ok;
    this.errors = report.errors;
    this.dropped = report.dropped;
    this.info = this.ok ? take(mod, mod._web_info(this.ptr)) : null;
  }

  close() {
    if (this.ptr) this.mod._web_close(this.ptr);
    this.ptr = 0;
  }

  // The position: svg, status, moves (by index for play), fen, sfen, undo.
  state(flip, squareSize) {
    return take(this.mod, this.mod._web_state(this.ptr, flip ? 1 : 0, squareSize || 0));
  }

  play(index) { return this.mod._web_play(this.ptr, index) === 1; }

  // A move as text (coordinates, SAN or USI): the move as state() lists it
  // (text, san, usi, pass...), written before it was made, or { error }.
  playText(text) {
    return take(this.mod, this.mod.ccall('web_play_text', 'number', ['number', 'string'], [this.ptr, text]));
  }

  undo() { return this.mod._web_undo(this.ptr) === 1; }

  // FEN, or SFEN in games with USI; returns an error message or ''.
  setPosition(text) {
    const r = take(this.mod, this.mod.ccall('web_set_position', 'number', ['number', 'string'], [this.ptr, text]));
    return r.error || '';
  }

  perft(depth) { return this.mod._web_perft(this.ptr, depth); }

  divide(depth) { return take(this.mod, this.mod._web_divide(this.ptr, depth)); }

  search(depth, timeMs, seed) {
    return take(this.mod, this.mod._web_search(this.ptr, depth | 0, timeMs | 0, seed | 0));
  }

  exportGgn(spelling) {
    return take(this.mod, this.mod.ccall('web_export', 'number', ['number', 'string'], [this.ptr, spelling]));
  }
}

// A session at a given position: the start (or a FEN), then moves as text.
// Used by the worker to rebuild the page's game, and by the page to open a
// link and to show an earlier position of the game. Throws, saying which
// text failed and why, with nothing left open; `played`, when given,
// receives each move as the library wrote it before making it.
export function sessionAt(mod, specText, name, start, moves, played) {
  const s = new Session(mod, specText, name);
  if (!s.ok) return s;
  try {
    if (start) {
      const err = s.setPosition(start);
      if (err) throw new Error(`the position "${start}": ${err}`);
    }
    moves.forEach((text, i) => {
      const r = s.playText(text);
      if (r.error) throw new Error(`move ${i + 1}, "${text}": ${r.error}`);
      if (played) played.push(r);
    });
  } catch (e) {
    s.close();
    throw e;
  }
  return s;
}
