#!/usr/bin/env python3
"""Runs lit suites with the sanitized polyc (ctest's sanitize-lit-<Suite> tests,
and build/polyc-lit-sanitized).

    sanitized_lit.py --polyc-bin BUILD/sanitize/bin -- LIT_COMMAND [LIT_ARGS ...]

Adds `--param polyc_bin=...` to the lit command, so tests calling `polyc` run
the sanitized one, and makes every sanitizer report a failure even where a
test expects polyc to fail: lit's `not` would turn a crash into a pass, so the
reports go to files (ASan's and UBSan's log_path) in a fresh directory, and
any report there fails the run and is printed.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--polyc-bin", required=True)
    parser.add_argument("lit", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    lit = args.lit[1:] if args.lit[:1] == ["--"] else args.lit
    if not lit:
        parser.error("no lit command")
    polyc_bin = os.path.abspath(args.polyc_bin)
    if not os.access(os.path.join(polyc_bin, "polyc"), os.X_OK):
        print("sanitized_lit.py: no polyc in %s (the sanitized build, "
              "cmake/SanitizedBuild.cmake, builds it)" % polyc_bin, file=sys.stderr)
        return 1

    reports = tempfile.mkdtemp(prefix="sanitizer-reports-")
    log = os.path.join(reports, "report")
    env = dict(os.environ)
    # The caller's options (ctest sets them), then ours.
    env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "detect_leaks=1") + ":log_path=" + log
    env["UBSAN_OPTIONS"] = (env.get("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=1") +
                            ":halt_on_error=1:log_path=" + log)
    try:
        rc = subprocess.call(lit + ["--param", "polyc_bin=" + polyc_bin], env=env)
        found = sorted(os.listdir(reports))
        for name in found:
            print("=" * 20 + " sanitizer report " + name + " " + "=" * 20)
            with open(os.path.join(reports, name), errors="replace") as f:
                sys.stdout.write(f.read())
        if found:
            print("sanitized_lit.py: %d sanitizer report(s): FAILED" % len(found))
            return 1
        return rc
    finally:
        shutil.rmtree(reports, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
