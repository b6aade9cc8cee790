#!/usr/bin/env bash
# The Python package's tests (python/tests, pytest) against this build's libggn.so.
#   run_pytest.sh SOURCE_DIR LIBRARY
# pytest is Debian's python3-pytest (.ci/deps installs it); without it the test says so loudly
# and exits 77, which CTest reports as skipped. The first python3 on PATH that has pytest runs
# it (a python3 of pyenv or similar may lack Debian's packages; /usr/bin/python3 is tried next).
set -u
src=$1
library=$2
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
GGN_LIBRARY=$library GGN_PATH=$src/games PYTHONDONTWRITEBYTECODE=1 \
  exec "$python" -m pytest -q -rs -p no:cacheprovider tests
