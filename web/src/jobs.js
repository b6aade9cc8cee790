// jobs.js — a Web Worker (worker.js) for one kind of long job. The page keeps
// two: one for the computer's move and one for perft and divide, so that a
// count never holds up the computer and can be ended on its own.

export class JobWorker {
  constructor() {
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
  }

  // Runs a job on the game { spec, name, start, moves (as text) }: { id, done }.
  run(job, game, extra) {
    if (!this.worker) {
      this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
      this.worker.onmessage = (event) => {
        const { id, result, error } = event.data;
        const waiting = this.pending.get(id);
        if (!waiting) return;
        this.pending.delete(id);
        if (error) waiting.reject(new Error(error)); else waiting.resolve(result);
      };
    }
    const id = this.nextId++;
    const message = { id, job, ...game, ...extra };
    const done = new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(message);
    });
    return { id, done };
  }

  busy() { return this.pending.size > 0; }

  // Ends the work under way at once, rejecting it with `why`: a count in
  // WebAssembly cannot be interrupted from outside any other way. The next
  // job starts a fresh worker; an idle one is kept (a new one compiles the
  // module again).
  stop(why) {
    if (!this.busy()) return;
    this.worker.terminate();
    this.worker = null;
    for (const waiting of this.pending.values()) waiting.reject(new Error(why));
    this.pending.clear();
  }
}
