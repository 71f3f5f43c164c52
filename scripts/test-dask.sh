#!/usr/bin/env bash
# Runs the Dask example's test (Examples/dask): installs Dask from PyPI into a virtual environment
# under .build/, builds the transmark executable if needed, and converts a folder on a
# LocalCluster of two worker processes. TRANSMARK_BIN names another executable.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONDONTWRITEBYTECODE=1
venv=.build/python-venv
if [ -x "$venv/bin/python" ] || python3 -m venv "$venv" 2>/dev/null; then
  python="$PWD/$venv/bin/python"
else
  echo "test-dask: no venv module (apt-get install python3-venv); installing for the user" >&2
  rm -rf "$venv"
  python="$(command -v python3)"
fi
"$python" -c 'import dask.distributed, pytest' 2>/dev/null \
  || "$python" -m pip install -q "dask[distributed]" pytest || "$python" -m pip install -q --user "dask[distributed]" pytest
if [ -z "${TRANSMARK_BIN:-}" ]; then
  swift build --product transmark
  export TRANSMARK_BIN="$PWD/.build/debug/transmark"
fi
cd Examples/dask
"$python" -m pytest -q -p no:cacheprovider "$@"
