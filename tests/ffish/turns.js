/*
 * turns.js — ggn against Fairy-Stockfish's rules as the npm package ffish
 * ships them, for a game whose turns come in parts (extension "then":
 * Amazons' queen move, then arrow), on positions reached by random play.
 *
 *   node turns.js GGN_PROGRAM TURNS_LIST GAME_FILE VARIANT POSITIONS SEED
 *
 * Plays seeded random games in ffish until at least POSITIONS positions have
 * been seen, every game to its end. For every position it compares ffish's
 * legal moves — one per whole turn, "d1d7,d7g7" — with ggn's whole turns,
 * which turns_list (tests/ffish/turns_list.c) walks part by part through
 * ggn's public calls and writes the same way. Where either says the game is
 * over it compares the end with `ggn status --json`.
 *
 * Fairy-Stockfish writes an arrow (a wall) as "*" in FEN; ggn's arrow is a
 * piece of kind ARROW, whose letter the FEN given to ggn carries instead
 * (lower case: which player shot it changes no rule).
 *
 * Prints one line per disagreement and a summary; exits 1 on any, 0 otherwise.
 */
'use strict';
delete globalThis.fetch; /* ffish's loader prefers fetch, which Node 20 has but cannot use on a file path */
const { spawnSync } = require('child_process');
const fs = require('fs');
const ffish = require('ffish');

const [ggn, turnsList, gameFile, variant, wantArg, seedArg] = process.argv.slice(2);
const want = Number(wantArg);
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
/* The kind a part places: its letter stands for ffish's "*" */
const placer = spec.pieces.find((p) => p.then);
const placed = spec.pieces.find((p) => p.code === placer.then.place);
const wall = placed.symbol.toLowerCase();
const ggnFen = (fen) => fen.replace(/\*/g, wall);

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

    const input = positions.map((p) => ggnFen(p.fen) + '\n').join('');
    const listed = spawnSync(turnsList, [gameFile], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (listed.status !== 0) {
        console.log(`turns_list failed (${listed.status}): ${listed.stderr}`);
        process.exit(1);
    }
    const lists = listed.stdout.split('\n').slice(0, positions.length);
    let differ = 0, ends = 0, turns = 0;
    positions.forEach((p, i) => {
        const line = lists[i] || '';
        if (line.startsWith('error:')) {
            differ++;
            console.log(`ggn refuses ${ggnFen(p.fen)}: ${line}`);
            return;
        }
        const ours = [...new Set(line.split(' ').filter((m) => m))].sort();
        const theirs = [...new Set(p.moves)].sort();
        turns += theirs.length;
        const missing = theirs.filter((m) => !ours.includes(m)), extra = ours.filter((m) => !theirs.includes(m));
        if (missing.length || extra.length) {
            differ++;
            console.log(`moves differ at ${p.fen}: ggn lacks [${missing.slice(0, 10)}], has more [${extra.slice(0, 10)}]`);
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
        const ggnResult = judged.result === 'ongoing' ? '*' : judged.winner === null ? '1/2-1/2'
            : judged.winner === firstPlayer ? '1-0' : '0-1';
        if (ggnResult !== p.result) {
            differ++;
            console.log(`end differs at ${p.fen}: ffish ${p.result}, ggn ${judged.result} ${judged.outcome} (winner ${judged.winner})`);
        }
    });
    console.log(`${variant}: ${positions.length} positions in ${games} random games, ${turns} whole turns, ${ends} ends; ` +
                `${differ ? differ + ' disagreements' : 'ggn and ffish agree on every one'}`);
    process.exit(differ ? 1 : 0);
};
