#!/usr/bin/env bash
# The Python package's tests (python/tests, pytest) against this build's libggn.so.
#   run_pytest.sh SOURCE_DIR LIBRARY [FAST]
# FAST is GGN_FAST for the package: 1 when the build made the C extension ggn._fast beside the
# library (the tests then fail if the package does not load it), 0 when it did not (the ctypes
# path, which the tests then run, saying so).
# pytest is Debian's python3-pytest (.ci/deps installs it); without it the test says so loudly
# and exits 77, which CTest reports as skipped. The first python3 on PATH that has pytest runs
# it (a python3 of pyenv or similar may lack Debian's packages; /usr/bin/python3 is tried next).
set -u
src=$1
library=$2
fast=${3:-0}
if [ "$fast" != 1 ]; then
  echo "NOTE: this build has no ggn._fast (no Python headers: python3-dev): the tests run the ctypes path." >&2
fi
python=
for candidate in python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import pytest' >/dev/null 2>&1; then
    python=$candidate
    break
  fi
done
if [ -z "$python" ]; then
  echo "########################################################################" >&2
  echo "SKIPPED: the Python package's tests need pytest, which no python3 here has:" >&2
  echo "install python3-pytest (bash .ci/deps does)." >&2
  echo "########################################################################" >&2
  exit 77
fi
cd "$src/python" || exit 1
GGN_FAST=$fast GGN_LIBRARY=$library GGN_PATH=$src/games PYTHONDONTWRITEBYTECODE=1 \
  exec "$python" -m pytest -q -rs -p no:cacheprovider tests
