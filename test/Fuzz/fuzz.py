#!/usr/bin/env python3
"""A bounded polyc-fuzz run (the ctest test `fuzz-polyc`).

    fuzz.py --fuzzer BUILD/sanitize/bin/polyc-fuzz --source-root SRC --work-dir DIR
            [--keep-corpus] [LIBFUZZER_FLAG ...]

Assembles the seed corpus and dictionary from the source tree (corpus.py) into
DIR/seeds and DIR/polyc.dict, then runs libFuzzer for 60 seconds with new
inputs going to DIR/corpus (emptied first unless --keep-corpus) and crash,
leak and timeout inputs to DIR/artifacts/. Extra arguments go to libFuzzer
after the defaults, so `-max_total_time=600` runs longer.

Fails (exit status 1) on any crash, sanitizer report, leak, timeout (10 s per
input), out-of-memory (2 GB), or an input left in DIR/artifacts/.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

DEFAULT_FLAGS = [
    "-max_total_time=60",
    "-timeout=10",
    "-rss_limit_mb=2048",
    "-print_final_stats=1",
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fuzzer", required=True)
    parser.add_argument("--source-root", required=True)
    parser.add_argument("--work-dir", required=True)
    parser.add_argument("--keep-corpus", action="store_true",
                        help="keep what earlier runs found in DIR/corpus")
    args, flags = parser.parse_known_args()

    if not os.access(args.fuzzer, os.X_OK):
        print("fuzz.py: no fuzz target at %s (the sanitized build, cmake/SanitizedBuild.cmake, "
              "builds it)" % args.fuzzer, file=sys.stderr)
        return 1
    work = os.path.abspath(args.work_dir)
    seeds = os.path.join(work, "seeds")
    found = os.path.join(work, "corpus")
    artifacts = os.path.join(work, "artifacts")
    dictionary = os.path.join(work, "polyc.dict")
    os.makedirs(work, exist_ok=True)
    corpus.write_corpus(args.source_root, seeds)
    corpus.write_dict(args.source_root, dictionary)
    if not args.keep_corpus and os.path.isdir(found):
        shutil.rmtree(found)
    os.makedirs(found, exist_ok=True)
    if os.path.isdir(artifacts):
        shutil.rmtree(artifacts)
    os.makedirs(artifacts)

    env = dict(os.environ)
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1")
    env.setdefault("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=1")
    command = ([args.fuzzer] + DEFAULT_FLAGS +
               ["-dict=" + dictionary, "-artifact_prefix=" + artifacts + "/"] + flags +
               [found, seeds])
    print("fuzz.py: " + " ".join(command), flush=True)
    lines = []
    with subprocess.Popen(command, env=env, stderr=subprocess.STDOUT, stdout=subprocess.PIPE,
                          text=True, errors="replace") as proc:
        for line in proc.stdout:
            sys.stdout.write(line)
            lines.append(line)
    output = "".join(lines)

    execs = re.search(r"stat::number_of_executed_units:\s*(\d+)", output)
    speed = re.search(r"stat::average_exec_per_sec:\s*(\d+)", output)
    left = sorted(os.listdir(artifacts))
    print("fuzz.py: %s inputs executed, %s exec/s, %d in the corpus (%d seeds), exit status %d"
          % (execs.group(1) if execs else "?", speed.group(1) if speed else "?",
             len(os.listdir(found)), len(os.listdir(seeds)), proc.returncode))
    if proc.returncode != 0 or left:
        for name in left:
            print("fuzz.py: finding: %s (reproduce: %s %s)"
                  % (name, args.fuzzer, os.path.join(artifacts, name)))
        print("fuzz.py: FAILED (docs/testing.md: reproducing a fuzzer finding)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
