#!/usr/bin/env bash
# GraphIt conformance: compiles every .gt of a GraphIt checkout's test/input/ and
# apps/ with polyc, then runs the verified cases of its
# test/python/test_with_schedules.py and checks their answers (polyc's oracle
# where GraphIt uses a verifier). Prints the failures and "N/M compile",
# "N/M verified cases pass". Not part of .ci/run (docs/testing.md, "GraphIt
# conformance").
#   scripts/graphit-conformance.sh PATH_TO_GRAPHIT_CHECKOUT [--polyc PATH] [--jobs N]
#                                  [--only compile|cases] [--keep DIR] [-v]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec python3 "$root/scripts/graphit_conformance.py" "$@"
