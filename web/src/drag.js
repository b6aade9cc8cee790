// drag.js — pointer input on the board ggn's renderer draws: a press, the
// piece pressed following the pointer while it moves, and a release over a
// square or a plain click. It knows only the picture's hooks (`data-square`
// on squares and points, the classes `piece` and `held`); what a press
// picks and what a drop plays is main.js's business.

// Watches `board`. on.press(event) answers a press: { ghost } (the element
// to drag: a piece or a held piece; null to drag nothing) when something was
// picked, or null. Then on.click() when the pointer is let go where it was
// pressed, on.drop(squareElement or null) when it was dragged and let go,
// and on.cancel() when the browser takes the pointer away mid-drag.
export function watchBoard(board, on) {
  let drag = null; // { x, y, moved, ghost } from a press that picked something until its release

  board.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const grab = on.press(event);
    if (!grab) return;
    event.preventDefault();
    drag = { x: event.clientX, y: event.clientY, moved: false, ghost: grab.ghost };
  });

  window.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return; // a hand's tremor is still a click
    drag.moved = true;
    if (!drag.ghost) return;
    // screen pixels to the picture's own units; last in the picture, the piece is drawn on top
    const svg = board.querySelector('svg');
    const scale = svg.getScreenCTM()?.a || 1;
    if (drag.ghost !== svg.lastElementChild) svg.append(drag.ghost);
    drag.ghost.setAttribute('transform', `translate(${dx / scale} ${dy / scale})`);
    drag.ghost.classList.add('dragged');
  });

  window.addEventListener('pointerup', (event) => {
    if (!drag) return;
    const { moved, ghost } = drag;
    drag = null;
    if (ghost) {
      ghost.removeAttribute('transform');
      ghost.classList.remove('dragged');
    }
    if (!moved) {
      on.click();
      return;
    }
    // pieces let the pointer through (style.css), so the square under the piece is found
    const under = document.elementsFromPoint(event.clientX, event.clientY).find((el) => el.matches?.('[data-square]') && board.contains(el));
    on.drop(under || null);
  });

  window.addEventListener('pointercancel', () => {
    if (!drag) return;
    drag = null;
    on.cancel();
  });
}

// The piece drawn on a square or point: the one whose middle lies inside it.
export function pieceOn(board, squareEl) {
  const box = squareEl.getBoundingClientRect();
  for (const piece of board.querySelectorAll('g.piece')) {
    const r = piece.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) return piece;
  }
  return null;
}
