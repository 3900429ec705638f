#!/usr/bin/env bash
# Builds everything (scripts/build.sh), then runs every test suite with ctest:
# the lit suites under test/ (one ctest test each, lit-<Suite>) and the runtime's
# GoogleTest unit tests, a 60-second fuzz run and the fast lit suites with the
# sanitized polyc (docs/testing.md). Exits with ctest's status.
# Extra arguments go to ctest, e.g. scripts/test.sh -R lit-E2E
# Tests labelled sanitize-full (the E2E suite with the sanitized polyc),
# sanitize-programs (every example built with polyc --sanitize, ASan+UBSan and
# TSan), exhaustive (the full schedule-equivalence cross product, most of an
# hour) and tune (polyc-tune's searches, about a minute) are left out; run them
# with: ctest --test-dir build -L sanitize-full (or -L sanitize-programs,
# -L exhaustive, -L tune)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${POLYC_BUILD_DIR:-$root/build}"

"$root/scripts/build.sh"
cd "$build"
exec ctest --output-on-failure -j2 -LE "sanitize-full|sanitize-programs|exhaustive|tune|mpi-equivalence" "$@"
