#!/usr/bin/env bash
# Installs everything polyc needs on a fresh Debian 12 machine (run as root).
# Idempotent: a second run only checks what is already there.
# --build-only: just what building polyc, polyrt and polyrt-gen needs
# (scripts/demo.sh); not the sanitizers' clang, QEMU or the Python packages
# of the tests and polyc-tune.
set -euo pipefail

build_only=false
[[ "${1:-}" == --build-only ]] && build_only=true

apt_packages=(
  cmake ninja-build g++ default-jdk-headless maven
  llvm-19-dev llvm-19-tools libzstd-dev libantlr4-runtime-dev libnuma-dev zlib1g-dev
  libgtest-dev python3 libopenmpi-dev openmpi-bin libmetis-dev
)
$build_only || apt_packages+=(clang-19 libclang-rt-19-dev libomp-19-dev python3-pip qemu-system-x86)

missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# ANTLR's tool jar must match the Debian C++ runtime (4.9).
jar="$HOME/.m2/repository/org/antlr/antlr4/4.9/antlr4-4.9-complete.jar"
if [[ ! -f "$jar" ]]; then
  echo "install-deps: fetching org.antlr:antlr4:4.9:jar:complete from Maven Central"
  mvn -q dependency:get -Dartifact=org.antlr:antlr4:4.9:jar:complete >/dev/null
fi

$build_only && exit 0

# polyc-tune searches schedules with Optuna (its SQLite storage needs
# SQLAlchemy, which optuna depends on) and plots the search with matplotlib.
# Debian 12 packages no optuna, so both come from pip; python3-matplotlib from
# apt would do for the plot alone.
if ! python3 -c 'import optuna, matplotlib' 2>/dev/null; then
  echo "install-deps: installing optuna and matplotlib"
  python3 -m pip install -q optuna matplotlib ||
    python3 -m pip install -q --break-system-packages optuna matplotlib
fi

# The end-to-end oracle uses NetworkX.
# Debian's own python3 takes it from apt (its pip refuses system-wide installs,
# PEP 668); another python3 first on PATH (a venv, pyenv) gets it from pip.
if ! python3 -c 'import networkx' 2>/dev/null; then
  echo "install-deps: installing networkx"
  if [[ "$(command -v python3)" == /usr/bin/python3 ]]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq python3-networkx >/dev/null ||
      { apt-get update -qq && apt-get install -y -qq python3-networkx >/dev/null; }
  else
    python3 -m pip install -q networkx ||
      python3 -m pip install -q --break-system-packages networkx
  fi
fi

# Python modules of library programs (polyc --emit=python,
# polyc_add_python_module) are built with nanobind (from pip, which has the
# version with `python -m nanobind --cmake_dir`); their test passes SciPy
# sparse matrices (apt for Debian's python3, as NetworkX above, else pip).
if ! python3 -c 'import nanobind, scipy' 2>/dev/null; then
  echo "install-deps: installing nanobind and scipy"
  if [[ "$(command -v python3)" == /usr/bin/python3 ]]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq python3-dev python3-numpy python3-scipy >/dev/null ||
      { apt-get update -qq && apt-get install -y -qq python3-dev python3-numpy python3-scipy >/dev/null; }
    python3 -m pip install -q --break-system-packages nanobind
  else
    python3 -m pip install -q nanobind scipy ||
      python3 -m pip install -q --break-system-packages nanobind scipy
  fi
fi
