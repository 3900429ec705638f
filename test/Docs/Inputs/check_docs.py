#!/usr/bin/env python3
"""Checks the documentation rules of issue 43 on a source tree (docs/testing.md, "Docs").

  check_docs.py ROOT

- docs/benchmarks.md is a document, not a lab notebook: at most 400 lines
  (dated runs go to docs/benchmark-log/).
- Code comments in ROOT/compiler and ROOT/runtime carry no dated measurements:
  no date such as 2026-11-29 in a comment, except in a pointer to a
  docs/benchmark-log/ file, whose names start with their run's date.
- Every docs/benchmark-log/*.md file is listed in docs/benchmark-log/README.md,
  and every benchmark-log file that a doc or a code comment names exists.

Prints one line per violation (file:line: what) and exits 1 if there is any.
"""
import os
import re
import sys

MAX_BENCHMARKS_LINES = 400
DATE = re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b")
LOG_REF = re.compile(r"benchmark-log/([A-Za-z0-9._-]+\.md)")
SOURCE_SUFFIXES = (".cpp", ".h", ".hpp", ".cc", ".c", ".inc")


def comment_text(lines):
    """(line number, comment text) of each line holding a // or /* */ comment."""
    in_block = False
    for number, line in enumerate(lines, 1):
        if in_block:
            end = line.find("*/")
            yield number, line if end < 0 else line[:end]
            in_block = end < 0
            continue
        slashes, block = line.find("//"), line.find("/*")
        if slashes >= 0 and (block < 0 or slashes < block):
            yield number, line[slashes:]
        elif block >= 0:
            end = line.find("*/", block + 2)
            yield number, line[block:] if end < 0 else line[block:end]
            in_block = end < 0


def main(root):
    problems = []
    log_dir = os.path.join(root, "docs", "benchmark-log")

    benchmarks = os.path.join(root, "docs", "benchmarks.md")
    with open(benchmarks, encoding="utf-8") as f:
        count = sum(1 for _ in f)
    if count > MAX_BENCHMARKS_LINES:
        problems.append("docs/benchmarks.md: %d lines, more than %d: move dated runs to "
                        "docs/benchmark-log/" % (count, MAX_BENCHMARKS_LINES))

    referenced = []  # (where, log file name)
    for top in ("compiler", "runtime"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if not name.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                with open(path, encoding="utf-8", errors="replace") as f:
                    lines = f.read().split("\n")
                for number, text in comment_text(lines):
                    for ref in LOG_REF.findall(text):
                        referenced.append(("%s:%d" % (rel, number), ref))
                    match = DATE.search(LOG_REF.sub("", text))
                    if match:
                        problems.append("%s:%d: a date (%s) in a comment: keep one line of "
                                        "rationale and point to docs/benchmark-log/"
                                        % (rel, number, match.group(0)))

    docs = [os.path.join(root, "README.md")]
    docs_dir = os.path.join(root, "docs")
    docs += [os.path.join(docs_dir, n) for n in sorted(os.listdir(docs_dir)) if n.endswith(".md")]
    for path in docs:
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                for ref in LOG_REF.findall(line):
                    referenced.append(("%s:%d" % (os.path.relpath(path, root), number), ref))

    if os.path.isdir(log_dir):
        logs = sorted(n for n in os.listdir(log_dir) if n.endswith(".md") and n != "README.md")
        index_path = os.path.join(log_dir, "README.md")
        index = open(index_path, encoding="utf-8").read() if os.path.isfile(index_path) else ""
        for name in logs:
            if "(%s)" % name not in index:
                problems.append("docs/benchmark-log/%s: not listed in docs/benchmark-log/README.md"
                                % name)
        for target in re.findall(r"\]\(([^)#]+\.md)\)", index):
            if "/" not in target and not os.path.isfile(os.path.join(log_dir, target)):
                problems.append("docs/benchmark-log/README.md: lists %s, which does not exist"
                                % target)
    for where, ref in referenced:
        if not os.path.isfile(os.path.join(log_dir, ref)):
            problems.append("%s: points to docs/benchmark-log/%s, which does not exist"
                            % (where, ref))

    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: check_docs.py ROOT")
    sys.exit(main(sys.argv[1]))
