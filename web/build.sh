#!/usr/bin/env bash
# make web: libggn and the page built into web/dist/ (docs/web.md).
#   1. jansson for WebAssembly, from Debian's own source package of the very
#      version the native build uses (apt-get source jansson=2.14-2, checked
#      against the signed archive; needs the deb-src entries .ci/deps adds),
#      fetched once into the build directory and never at run time;
#   2. libggn and the bridge web/ggn_web.c with emcmake (ggn.js + ggn.wasm);
#   3. the page (web/index.html, web/src/), the shipped games and the engine
#      copied into web/dist/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${WEB_BUILD:-$root/build-web}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
jansson_version=2.14-2
for tool in emcc emcmake apt-get; do
  command -v "$tool" >/dev/null || { echo "make web: $tool not found: bash .ci/deps installs emscripten" >&2; exit 1; }
done
# Debian's emcc runs its JavaScript tools (acorn, terser) from Debian's node
# modules; a node from elsewhere does not look there by itself.
if [ -d /usr/share/nodejs ]; then export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs; fi
mkdir -p "$out"

if [ ! -f "$out/jansson/lib/libjansson.a" ]; then
  rm -rf "$out/jansson-src" "$out/jansson-build"
  mkdir -p "$out/jansson-src"
  (cd "$out/jansson-src" && apt-get source "jansson=$jansson_version") || {
    echo "make web: apt-get source jansson=$jansson_version failed: the machine needs deb-src entries" \
         "(bash .ci/deps adds them)" >&2; exit 1; }
  src=$(find "$out/jansson-src" -mindepth 1 -maxdepth 1 -type d -name 'jansson-*' | head -n 1)
  # jansson's configure cannot test the byte order of a cross target: wasm is little-endian.
  emcmake cmake -S "$src" -B "$out/jansson-build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_BYTE_ORDER=LITTLE_ENDIAN \
    -DJANSSON_BUILD_DOCS=OFF -DJANSSON_EXAMPLES=OFF -DJANSSON_WITHOUT_TESTS=ON -DJANSSON_BUILD_SHARED_LIBS=OFF \
    -DCMAKE_INSTALL_PREFIX="$out/jansson" >/dev/null
  cmake --build "$out/jansson-build" -j "$jobs"
  cmake --install "$out/jansson-build" >/dev/null
fi

# The wasm jansson, never the native one pkg-config would find first; its
# library is found where pkg-config says, outside emscripten's sysroot.
PKG_CONFIG_LIBDIR="$out/jansson/lib/pkgconfig" PKG_CONFIG_PATH= emcmake cmake -S "$root" -B "$out/ggn" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_FIND_ROOT_PATH_MODE_LIBRARY=BOTH \
  -DGGN_WERROR="${GGN_WERROR:+ON}" -DGGN_TESTS=OFF -DGGN_BENCH=OFF >/dev/null
cmake --build "$out/ggn" -j "$jobs"

dist="$root/web/dist"
rm -rf "$dist"
mkdir -p "$dist/games" "$dist/src"
cp "$root/web/index.html" "$root/web/style.css" "$dist/"
cp "$root"/web/src/*.js "$dist/src/"
cp "$out/ggn/web/ggn.js" "$out/ggn/web/ggn.wasm" "$dist/src/"
cp "$root"/games/*.json "$dist/games/"
# the list the page offers: each game's file name and its own name, by name
node -e '
  const fs = require("fs"), dir = process.argv[1];
  const games = fs.readdirSync(dir).filter(f => f.endsWith(".json")).map(f => {
    let name = f.slice(0, -5);
    try { name = JSON.parse(fs.readFileSync(dir + "/" + f, "utf8")).name || name; } catch (e) { /* shown by ggn check */ }
    return { id: f.slice(0, -5), name };
  }).sort((a, b) => a.name.localeCompare(b.name, "en"));
  fs.writeFileSync(dir + "/index.json", JSON.stringify(games) + "\n");' "$dist/games"
echo "make web: the page is in web/dist/; serve it with python3 -m http.server --bind 127.0.0.1 -d web/dist"
