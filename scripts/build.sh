#!/usr/bin/env bash
# Installs the dependencies (scripts/install-deps.sh), configures build/ with
# Ninja in Release mode and builds everything: polyc, polyrt, polyrt-gen and
# the unit tests, then the sanitized polyc and polyc-fuzz in build/sanitize
# (clang++-19, ASan+UBSan; cmake/SanitizedBuild.cmake). POLYC_BUILD_DIR
# overrides the build directory.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${POLYC_BUILD_DIR:-$root/build}"

"$root/scripts/install-deps.sh"
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPOLYC_SANITIZED_BUILD=ON
cmake --build "$build"
