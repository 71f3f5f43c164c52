#!/usr/bin/env bash
# Sets up the machine (Debian packages) and converts a sample file from Fixtures/ to HTML.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift run transmark convert Fixtures/markdown/mixed-document/input.md -t html "$@"
