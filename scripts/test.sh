#!/usr/bin/env bash
# Builds everything (scripts/build.sh), then runs every test suite with ctest:
# the lit suites under test/ (one ctest test each, lit-<Suite>) and the runtime's
# GoogleTest unit tests. Exits with ctest's status.
# Extra arguments go to ctest, e.g. scripts/test.sh -R lit-E2E
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${POLYC_BUILD_DIR:-$root/build}"

"$root/scripts/build.sh"
cd "$build"
exec ctest --output-on-failure -j2 "$@"
