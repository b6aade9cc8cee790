// ffish_san.js — SAN and PGN as Fairy-Stockfish writes and reads them (docs/pgn.md; issue 41).
//
//   node tests/ffish_san.js SAN_SAMPLE ROOT [NAME...]
//
// For every game of ROOT/games that ffish (ROOT/web/node_modules/ffish, Fairy-Stockfish's rules
// in WebAssembly, pinned in web/package.json) knows by the same name — or the games named —
// SAN_SAMPLE (tests/san_sample.c) writes random positions with every legal move in coordinate text
// and in ggn's SAN, and random games as ggn's PGN. Here ffish writes the SAN of the same moves
// (Board.sanMove, its default notation) and reads each PGN back (readGamePGN: its Variant and FEN tags, and
// the movetext as coordinate moves). It prints the agreement per game and fails when any SAN differs, when ffish's legal
// moves and ggn's are not the same, or when a PGN does not read back as the moves ggn played.
// Without node's ffish it skips, saying so (exit 77). FFISH_SAN_SHOW=N prints up to N differences
// (60 by default).
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const POSITIONS = 40; // per game
const GAMES = 4; // PGN games per game
const SEED = '0x5A11F15'; // the sampler's playouts
const LIMIT = Number(process.env.FFISH_SAN_SHOW || 60); // problems printed
const CHESS960 = new Set(['fischerandom', 'caparandom']); // ffish's is960 flag for these starts

const probe = process.argv[2] === '--probe';
const [sampler, root] = probe ? [null, process.argv[3]] : process.argv.slice(2, 4);
if (!root) {
    console.error('usage: node ffish_san.js SAN_SAMPLE ROOT [NAME...]');
    process.exit(2);
}
const ffishDir = path.join(root, 'web', 'node_modules', 'ffish');
if (!fs.existsSync(path.join(ffishDir, 'ffish.js'))) {
    console.log(`test_ffish_san: SKIPPED: ffish is not installed in ${ffishDir} (npm ci in web/ installs it)`);
    process.exit(77);
}
delete globalThis.fetch; // Node 20's fetch makes emscripten try to load the wasm over the network
const ffish = require(ffishDir);

// --probe NAME...: the names ffish knows, one a line. Run in a child: ffish aborts on an unknown
// variant ("memory access out of bounds"), which may leave its memory in any state.
function probeNames(names) {
    const known = [];
    for (const name of names) {
        try {
            const b = new ffish.Board(name);
            if (b.variant() === name) known.push(name);
            b.delete();
        } catch (e) {
            // not a variant of ffish's
        }
    }
    return known;
}

function knownGames(names) {
    const out = execFileSync(process.execPath, [__filename, '--probe', root, ...names],
                             { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.split('\n').filter(Boolean);
}

function board(game, fen) {
    return new ffish.Board(game, fen, CHESS960.has(game));
}

// Rules in which ffish 0.7.10 (a later Fairy-Stockfish) and ggn — which agrees with Fairy-Stockfish
// 11.1, tests/test_fairy.c — differ. Their positions are compared on the moves both have, and a PGN
// game up to the first move ffish finds illegal; every such difference is counted and printed.
const RULES_DIFFER = {
    dobutsu: "ffish's lion is no royal piece: it may step into attack, and no move gives check, so " +
             "no SAN of ffish's has a check mark (they are compared without)",
    chigorin: "ffish promotes Black's pawns to Black's own pieces only (11.1 to White's too, as ggn)",
    gorogoro: 'ffish lets a pawn drop give mate (uchifuzume), as 11.1 does; ggn refuses it',
    cambodian: "ffish's met may not capture with its first-move leap (11.1's may, as ggn's)",
};
const NO_CHECK_MARKS = new Set(['dobutsu']);
// Games ffish knows whose moves ggn writes otherwise on purpose, left out here (said in the output):
// their move sets are compared by a differential test of their own.
const NOT_COMPARED = {
    ataxx: "ffish writes a clone as a drop (P@f1, SAN Pf1), ggn as its target (f1) as libataxx does; " +
           "test_ffish_ataxx compares the moves",
    amazons: "ffish writes a whole turn (d1d7,d7g7; SAN Qdd7,g7), ggn each of its two parts as a move of its " +
             "own (d1d7, then d7g7); test_ffish_amazons compares whole turns",
};

function bare(san, game) {
    return NO_CHECK_MARKS.has(game) ? san.replace(/[+#]+$/, '') : san;
}

// The SAN texts ffish gives to more than one legal move. Fairy-Stockfish writes a gating move
// without disambiguation ("Nd2/H" for both knights) and a drop by the placed piece's letter (micro's
// rook and bishop both dropped as a gold, "G@b2"); ggn writes each such move a text of its own
// ("Nbd2/H", "+R@b2"), so that its PGN reads back (docs/pgn.md). Counted and printed, not failed.
function sharedTexts(uciToSan) {
    const seen = new Set(), shared = new Set();
    for (const san of uciToSan.values()) (seen.has(san) ? shared : seen).add(san);
    return shared;
}

function comparePositions(sample, stats, problems) {
    const b = board(sample.game, sample.fen);
    const theirs = new Map();
    const legal = b.legalMoves();
    for (const uci of legal ? legal.split(' ') : []) theirs.set(uci, b.sanMove(uci));
    const shared = sharedTexts(theirs);
    const st = stats(sample.game);
    st.positions++;
    const ruleProblem = text => (RULES_DIFFER[sample.game] ? st.ruleNotes : problems).push(text);
    for (const [coords, san] of sample.moves) {
        st.moves++;
        if (!theirs.has(coords)) {
            st.notLegal++;
            ruleProblem(`${sample.game}: ${sample.fen}: ggn's move ${coords} (${san}) is not among ffish's legal moves`);
            continue;
        }
        const want = theirs.get(coords);
        theirs.delete(coords);
        if (bare(want, sample.game) === bare(san, sample.game)) st.equal++;
        else if (shared.has(want)) {
            st.ambiguous++;
            st.ambiguousNotes.push(`${sample.game}: ${sample.fen}: ${coords}: ggn writes ${san}, ffish ${want}`);
        } else problems.push(`${sample.game}: ${sample.fen}: ${coords}: ggn writes ${san}, ffish ${want}`);
    }
    for (const [coords, san] of theirs) {
        st.missing++;
        ruleProblem(`${sample.game}: ${sample.fen}: ffish's move ${coords} (${san}) is not among ggn's legal moves`);
    }
    b.delete();
}

// ffish reads a PGN's movetext into coordinate moves (mainlineMoves), by its Variant and FEN tags; a
// SAN it cannot read ends its main line there. Where it stops, the game is replayed in ffish to say
// why: a move ffish's rules refuse (RULES_DIFFER), a SAN that is not ffish's own (a ggn fault), or
// ffish's own SAN, which its Board.pushSan takes, that its PGN reader does not (an ffish fault).
function comparePgn(sample, stats, problems) {
    const st = stats(sample.game);
    st.pgns++;
    const g = ffish.readGamePGN(sample.pgn);
    const variant = g.headers('Variant');
    const read = g.mainlineMoves().split(' ').filter(Boolean);
    g.delete();
    const where = `${sample.game}: PGN from ${sample.start}`;
    if (variant !== sample.game) {
        problems.push(`${where}: ffish reads the Variant tag as '${variant}'`);
        return;
    }
    let ply = 0;
    while (ply < sample.moves.length && read[ply] === sample.moves[ply][0]) ply++;
    if (ply === sample.moves.length && read.length === ply) {
        st.pgnRead++;
        return;
    }
    const b = board(sample.game, sample.start);
    for (let i = 0; i < ply; i++) b.push(sample.moves[i][0]);
    const [coords, san] = sample.moves[ply] ?? ['(nothing)', '(nothing)'];
    const legal = b.legalMoves().split(' ');
    const theirs = legal.includes(coords) ? b.sanMove(coords) : null;
    const all = new Map(legal.filter(Boolean).map(u => [u, b.sanMove(u)]));
    const shared = sharedTexts(all);
    let pushed = false;
    if (theirs !== null) {
        const c = board(sample.game, b.fen());
        pushed = c.pushSan(theirs) && c.moveStack() === coords;
        c.delete();
    }
    b.delete();
    const text = `${where}: ffish reads ply ${ply + 1} of ${sample.moves.length}, ${san} (${coords}), ` +
                 `as '${read[ply] ?? '(nothing)'}'`;
    if (theirs === null && RULES_DIFFER[sample.game]) {
        st.pgnRules++;
        st.ruleNotes.push(`${text}: the move is not legal in ffish`);
    } else if (theirs === san && pushed) {
        st.pgnReader++;
        st.readerNotes.push(`${text}: ffish writes the same SAN, and Board.pushSan reads it`);
    } else if (theirs !== null && shared.has(theirs)) {
        st.ambiguous++;
        st.ambiguousNotes.push(`${text}: ffish writes ${theirs}, which names another move too`);
    } else if (theirs !== null && bare(theirs, sample.game) === bare(san, sample.game) && RULES_DIFFER[sample.game]) {
        st.pgnRules++;
        st.ruleNotes.push(`${text}: ffish writes ${theirs}, without the check mark`);
    } else {
        problems.push(`${text}: ffish writes ${theirs ?? 'nothing (not legal)'}`);
    }
}

function main() {
    const all = fs.readdirSync(path.join(root, 'games')).filter(f => f.endsWith('.json'))
        .map(f => f.slice(0, -5)).sort();
    const asked = process.argv.slice(4); // some games only, when named
    const names = knownGames(asked.length ? asked : all).filter(name => {
        if (!NOT_COMPARED[name]) return true;
        console.log(`test_ffish_san: ${name} not compared: ${NOT_COMPARED[name]}`);
        return false;
    });
    if (names.length === 0) {
        console.log('test_ffish_san: FAILED: ffish knows none of the games');
        process.exit(1);
    }
    const out = execFileSync(sampler, [path.join(root, 'games'), String(POSITIONS), String(GAMES), SEED, ...names],
                             { encoding: 'utf8', maxBuffer: 1 << 30 });
    const table = new Map();
    const stats = game => {
        if (!table.has(game)) {
            table.set(game, { positions: 0, moves: 0, equal: 0, notLegal: 0, missing: 0, pgns: 0, pgnRead: 0,
                              pgnRules: 0, pgnReader: 0, ambiguous: 0, ruleNotes: [], readerNotes: [],
                              ambiguousNotes: [] });
        }
        return table.get(game);
    };
    const problems = [];
    for (const line of out.split('\n')) {
        if (!line) continue;
        const sample = JSON.parse(line);
        if (sample.fen !== undefined) comparePositions(sample, stats, problems);
        else comparePgn(sample, stats, problems);
    }
    let moves = 0, equal = 0, pgns = 0, read = 0, ruled = 0, readerFaults = 0, ambiguous = 0;
    console.log('game                 positions   moves   SAN equal   not legal in ffish / ggn   PGN read back ' +
                '(rules differ, ffish reader)');
    for (const [game, st] of table) {
        moves += st.moves;
        equal += st.equal;
        pgns += st.pgns;
        read += st.pgnRead;
        ruled += st.notLegal + st.missing + st.pgnRules;
        readerFaults += st.pgnReader;
        ambiguous += st.ambiguous;
        const compared = st.moves - st.notLegal;
        const pct = compared ? (100 * st.equal / compared).toFixed(1) : '-';
        console.log(`${game.padEnd(20)} ${String(st.positions).padStart(9)} ${String(st.moves).padStart(7)} ` +
                    `${String(st.equal).padStart(7)} ${(pct + '%').padStart(7)}   ` +
                    `${String(st.notLegal).padStart(10)} / ${String(st.missing).padEnd(10)}   ` +
                    `${st.pgnRead}/${st.pgns} (${st.pgnRules}, ${st.pgnReader})`);
    }
    console.log(`${table.size} games: ${equal} of ${moves} moves written as ffish writes them, ` +
                `${read} of ${pgns} PGN games read back by ffish move for move; ${ruled} moves or games ` +
                `where the rules differ, ${readerFaults} games ffish's PGN reader stops on its own SAN, ` +
                `${ambiguous} moves whose SAN ffish gives to two moves`);
    for (const [game, st] of table) {
        if (st.ruleNotes.length) {
            console.log(`${game}: rules differ (${RULES_DIFFER[game]}): ${st.ruleNotes.length} moves or games, e.g.`);
            for (const n of st.ruleNotes.slice(0, 2)) console.log('    ' + n);
        }
        if (st.ambiguousNotes.length) {
            console.log(`${game}: ${st.ambiguousNotes.length} moves whose SAN ffish gives to two moves, e.g.`);
            for (const n of st.ambiguousNotes.slice(0, 2)) console.log('    ' + n);
        }
        if (st.readerNotes.length) {
            console.log(`${game}: ffish's PGN reader stops on its own SAN in ${st.readerNotes.length} games, e.g.`);
            for (const n of st.readerNotes.slice(0, 2)) console.log('    ' + n);
        }
    }
    if (problems.length) console.log(`${problems.length} differences that are ggn's to mend:`);
    for (const p of problems.slice(0, LIMIT)) console.log('  ' + p);
    if (problems.length > LIMIT) console.log(`  ... and ${problems.length - LIMIT} more`);
    // The comparison must have happened: most moves compared, most games read back.
    const enough = equal >= 0.9 * moves && read >= 0.9 * pgns;
    if (!enough) console.log('test_ffish_san: FAILED: too little of the sample could be compared');
    process.exit(problems.length || !enough ? 1 : 0);
}

ffish.onRuntimeInitialized = () => {
    if (probe) {
        process.stdout.write(probeNames(process.argv.slice(4)).map(n => n + '\n').join(''));
        process.exit(0);
    }
    main();
};
