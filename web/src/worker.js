// worker.js — the long jobs (the computer's move, perft, divide) on a thread
// of their own, so the page never freezes. The page starts two: one for the
// computer, one for perft and divide, so that a count never holds up the
// computer's move and can be stopped (the page ends the worker) alone. Each
// request carries the game as the page has it: spec text, start position and
// the moves played.
import { loadEngine, sessionAt } from './engine.js';

self.onmessage = async (event) => {
  const { id, job, spec, name, start, moves, depth, timeMs, seed } = event.data;
  let session = null;
  try {
    const mod = await loadEngine();
    session = sessionAt(mod, spec, name, start, moves);
    if (!session.ok) throw new Error('the game does not load');
    const t0 = performance.now();
    let result;
    if (job === 'search') result = session.search(depth, timeMs, seed);
    else if (job === 'perft') result = { nodes: session.perft(depth) };
    else if (job === 'divide') result = { divide: session.divide(depth) };
    else throw new Error(`unknown job ${job}`);
    result.ms = performance.now() - t0;
    self.postMessage({ id, result });
  } catch (e) {
    self.postMessage({ id, error: String(e.message || e) });
  } finally {
    if (session) session.close();
  }
};
