// clocks.js — the players' clocks: main time, then either a Fischer
// increment (seconds added after each move) or byoyomi (once the main time
// is spent, each move must be made within the same few seconds). Only the
// time is kept here; main.js shows it and ends the game when a clock falls.

export class Clocks {
  // setting: { mode: 'fischer' | 'byoyomi', mainMs, extraMs }; onTick redraws,
  // onFlag(player) is called once when the player's time runs out.
  constructor(setting, players, onTick, onFlag) {
    this.mode = setting.mode;
    this.extraMs = setting.extraMs;
    this.left = Array.from({ length: players }, () => setting.mainMs);
    // with no main time, byoyomi is there from the start
    const byoyomi = this.mode === 'byoyomi' && setting.mainMs <= 0;
    if (byoyomi) this.left.fill(this.extraMs);
    this.byoyomi = Array.from({ length: players }, () => byoyomi);
    this.running = -1;   // the player whose time is running, -1 when none
    this.since = 0;      // when their turn began (performance.now())
    this.onTick = onTick;
    this.onFlag = onFlag;
    this.timer = 0;
  }

  // What the player would have left after `elapsed` ms more of thinking,
  // and whether they are then in byoyomi: main time runs on into the period.
  after(player, elapsed) {
    let ms = this.left[player] - elapsed;
    let byoyomi = this.byoyomi[player];
    if (this.mode === 'byoyomi' && !byoyomi && ms <= 0 && this.extraMs > 0) {
      byoyomi = true;
      ms += this.extraMs;
    }
    return { ms, byoyomi };
  }

  read(player) {
    const running = player === this.running;
    const now = running ? this.after(player, performance.now() - this.since) : { ms: this.left[player], byoyomi: this.byoyomi[player] };
    return { ...now, ms: Math.max(0, now.ms), running };
  }

  // The turn has passed to `player` (-1: the game is over). `started` is false
  // before the first move: the clocks wait for it.
  turn(player, started) {
    if (!started && player >= 0) {
      // back before the first move (undo): the clocks wait again
      this.running = -1;
      this.stop();
      this.onTick();
      return;
    }
    if (player === this.running) return;
    const now = performance.now();
    const last = this.running;
    if (last >= 0) {
      const spent = this.after(last, now - this.since);
      if (spent.ms <= 0) {
        this.fall(last);
        return;
      }
      this.left[last] = spent.ms;
      this.byoyomi[last] = spent.byoyomi;
      if (player >= 0) {
        // the move is made in time: Fischer adds the increment, byoyomi starts the period afresh
        if (this.mode === 'fischer') this.left[last] += this.extraMs;
        else if (spent.byoyomi) this.left[last] = this.extraMs;
      }
    }
    this.running = player;
    this.since = now;
    if (player >= 0 && !this.timer) this.timer = setInterval(() => this.tick(), 100);
    if (player < 0) this.stop();
    this.onTick();
  }

  tick() {
    if (this.running >= 0 && this.after(this.running, performance.now() - this.since).ms <= 0) {
      this.fall(this.running);
      return;
    }
    this.onTick();
  }

  fall(player) {
    this.left[player] = 0;
    this.running = -1;
    this.stop();
    this.onTick();
    this.onFlag(player);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = 0;
  }
}

// 5:00, 0:42, 9.7 (tenths in the last ten seconds), 1:05:00.
export function formatClock(ms) {
  if (ms < 10000) return (Math.max(0, ms) / 1000).toFixed(1);
  const s = Math.floor(ms / 1000);
  const two = (n) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor(s / 60) % 60;
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
