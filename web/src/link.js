// link.js — the page's links: `?game=NAME`, and the fragment the share link
// writes (game= or spec= in base64url, fen=, moves=).

// base64url of UTF-8 text, and back: a spec travels in the link this way.
export function encode(text) {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decode(text) {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

// What a location asks for: { game, spec (text, or null), specError, start, moves }.
// The fragment wins over the query where both say the same thing.
export function readLink(location) {
  const params = new URLSearchParams(location.search);
  for (const [key, value] of new URLSearchParams(location.hash.slice(1))) params.set(key, value);
  const link = {
    game: params.get('game') || 'chess',
    spec: null,
    specError: '',
    start: params.get('fen') || '',
    moves: (params.get('moves') || '').split(/[\s,]+/).filter(Boolean),
  };
  if (params.has('spec')) {
    try {
      link.spec = decode(params.get('spec'));
    } catch (e) {
      link.specError = 'The link\'s spec is not base64url text';
    }
  }
  return link;
}

// The link to a game: a shipped game by its name, an edited one by its text.
export function writeLink(base, { name, spec, start, moves }) {
  const params = new URLSearchParams();
  if (name !== '<editor>') params.set('game', name); else params.set('spec', encode(spec));
  if (start) params.set('fen', start);
  if (moves.length) params.set('moves', moves.join(' '));
  const url = new URL(base);
  url.search = '';
  url.hash = params.toString();
  return url.href;
}
