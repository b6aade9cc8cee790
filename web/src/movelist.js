// movelist.js — the moves played as people write them down: "1. f3 e5 2. g4 Qh4#".

// The list's elements for `played` (each { player, ... }), the move after
// `shown` moves marked current. A number starts each round: at the first
// move, and whenever the turn comes back to an earlier player (the first
// player in chess; a chain of moves by one player stays in its round). A
// game started by another player than the first begins "1…". Each move is a
// button whose data-ply is the number of moves made after it; write(m) gives
// its text and pick(ply) is called when it is clicked.
export function moveListItems(played, shown, write, pick) {
  const items = [];
  let round = 0;
  played.forEach((m, i) => {
    if (i === 0 || m.player < played[i - 1].player) {
      round++;
      const number = document.createElement('span');
      number.className = 'number';
      number.textContent = i === 0 && m.player !== 0 ? `${round}…` : `${round}.`;
      items.push(number, ' ');
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'ply';
    if (i + 1 === shown) b.classList.add('current');
    b.dataset.ply = String(i + 1);
    b.title = m.text;
    b.textContent = write(m);
    b.addEventListener('click', () => pick(i + 1));
    items.push(b, ' ');
  });
  return items.slice(0, -1);
}
