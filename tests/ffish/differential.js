/*
 * differential.js — ggn against Fairy-Stockfish's rules as the npm package
 * ffish ships them (WebAssembly), on positions reached by random play.
 *
 *   node differential.js GGN_PROGRAM GAME_FILE VARIANT POSITIONS SEED [MIRROR]
 *
 * Plays seeded random games in ffish (Board(variant), legalMoves(), push())
 * until at least POSITIONS positions have been seen, every game to its end.
 * For every position it asks ggn (one `ggn uci GAME_FILE` session: position
 * fen, go perft 1) for its legal moves and compares the two sets; at every
 * position where either side says the game is over (no legal move, or
 * ffish's isGameOver), it compares the end judgement with `ggn status
 * --json`: who wins, or a draw.
 *
 * Move text is brought to one form before comparing: ffish writes a clone
 * and a drop as a drop ("P@f1"), ggn a clone as its target ("f1") and a
 * placement by a drop from the hand; both become the bare target. A pass is
 * a square twice in ffish ("a1a1") and "pass" in ggn. With MIRROR = "ranks",
 * ggn's board is ffish's upside down (Othello's standard start, Black first,
 * on ggn's board; Fairy-Stockfish's flipello writes it with the ranks
 * reversed): FEN ranks are reversed and every square's rank r becomes
 * ranks + 1 - r.
 *
 * Prints one line per disagreement and a summary; exits 1 on any
 * disagreement, 0 otherwise.
 */
'use strict';
delete globalThis.fetch; /* ffish's loader prefers fetch, which Node 20 has but cannot use on a file path */
const { spawnSync } = require('child_process');
const fs = require('fs');
const ffish = require('ffish');

const [ggn, gameFile, variant, wantArg, seedArg, mirror] = process.argv.slice(2);
const want = Number(wantArg), ranksMirror = mirror === 'ranks';
let seed = BigInt(seedArg) & 0xffffffffffffffffn;
/* splitmix64: the same games on every machine for one seed */
function random(n) {
    seed = (seed + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = seed;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    z ^= z >> 31n;
    return Number(z % BigInt(n));
}

const spec = JSON.parse(fs.readFileSync(gameFile, 'utf8'));
const firstPlayer = spec.turns.order[spec.turns.start_at || 0];
let rows = 0;
function mirrorSquares(text) {
    if (!ranksMirror) return text;
    return text.replace(/([a-z])(\d+)/g, (_, f, r) => f + String(rows + 1 - Number(r)));
}
/* A supply that never runs out ("count": "unlimited") has no pocket in ggn's FEN; ffish counts one. */
const unlimited = spec.players.some((p) => (p.starting_hand || []).some((h) => h.count === 'unlimited'));
/* ffish's FEN as ggn reads it: the pocket left out for an unlimited supply, the board's ranks
 * reversed when mirrored. */
function ggnFen(fen) {
    const f = unlimited ? fen.replace(/\[[^\]]*\]/, '') : fen;
    if (!ranksMirror) return f;
    const m = f.match(/^([^ []+)(.*)$/);
    return m[1].split('/').reverse().join('/') + m[2];
}
/* One form for a move of either program. */
function canonical(move, fromFfish) {
    let m = move.replace(/^[A-Z+]+@/, '');
    const sq = m.match(/^([a-z]\d+)([a-z]\d+)$/);
    if (sq && sq[1] === sq[2]) return 'pass';
    if (m === 'pass') return m;
    return fromFfish ? mirrorSquares(m) : m;
}

ffish.onRuntimeInitialized = () => {
    const positions = []; /* {fen, moves, over, result} */
    let games = 0;
    while (positions.length < want) {
        const board = new ffish.Board(variant);
        games++;
        for (;;) {
            const moves = board.legalMoves().split(' ').filter((m) => m);
            const over = board.isGameOver();
            positions.push({ fen: board.fen(), moves, over, result: over ? board.result() : '*' });
            if (over || moves.length === 0) break;
            board.push(moves[random(moves.length)]);
        }
        board.delete();
    }
    rows = Number((positions[0].fen.split(' ')[0].split('/').length));

    /* ggn's legal moves of every position in one UCI session */
    const input = positions.map((p) => `position fen ${ggnFen(p.fen)}\ngo perft 1\n`).join('') + 'quit\n';
    const uci = spawnSync(ggn, ['uci', gameFile], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (uci.status !== 0) {
        console.log(`ggn uci failed (${uci.status}): ${uci.stderr}`);
        process.exit(1);
    }
    const lists = [];
    let current = [];
    for (const line of uci.stdout.split('\n')) {
        const moved = line.match(/^(\S+): 1$/);
        if (moved) current.push(moved[1]);
        else if (line.startsWith('Nodes searched:')) {
            lists.push(current);
            current = [];
        } else if (line.startsWith('info string error')) console.log(`ggn: ${line}`);
    }
    if (lists.length !== positions.length) {
        console.log(`ggn answered ${lists.length} of ${positions.length} positions`);
        process.exit(1);
    }

    let differ = 0, ends = 0, passes = 0;
    positions.forEach((p, i) => {
        const theirs = [...new Set(p.moves.map((m) => canonical(m, true)))].sort();
        const ours = [...new Set(lists[i].map((m) => canonical(m, false)))].sort();
        const missing = theirs.filter((m) => !ours.includes(m)), extra = ours.filter((m) => !theirs.includes(m));
        if (theirs.includes('pass')) passes++;
        if (missing.length || extra.length) {
            differ++;
            console.log(`moves differ at ${p.fen} (ggn: ${ggnFen(p.fen)}): ggn lacks [${missing}], has more [${extra}]`);
        }
        if (!p.over && ours.length) return;
        ends++;
        const st = spawnSync(ggn, ['status', gameFile, '--fen', ggnFen(p.fen), '--json'], { encoding: 'utf8' });
        let judged;
        try {
            judged = JSON.parse(st.stdout);
        } catch (e) {
            differ++;
            console.log(`ggn status failed at ${p.fen}: ${st.stderr}`);
            return;
        }
        /* ffish's 1-0 is a win of its first player (w), which ggn's FEN calls the first of turns.order */
        const ggnResult = judged.result === 'ongoing' ? '*' : judged.winner === null ? '1/2-1/2'
            : judged.winner === firstPlayer ? '1-0' : '0-1';
        if (ggnResult !== p.result) {
            differ++;
            console.log(`end differs at ${p.fen}: ffish ${p.result}, ggn ${judged.result} ${judged.outcome} (winner ${judged.winner})`);
        }
    });
    console.log(`${variant}: ${positions.length} positions in ${games} random games, ${passes} forced passes, ` +
                `${ends} ends; ` +
                `${differ ? differ + ' disagreements' : 'ggn and ffish agree on every one'}`);
    process.exit(differ ? 1 : 0);
};
