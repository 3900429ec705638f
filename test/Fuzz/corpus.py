#!/usr/bin/env python3
"""Assembles polyc-fuzz's seed corpus and dictionary from the source tree.

    corpus.py SOURCE_ROOT OUT_DIR [--dict FILE]

Writes one file per seed into OUT_DIR (emptied first). A seed is one input of
the fuzz target: an algorithm, optionally followed by a `schedule:` line and
schedule statements (the single-file form the driver accepts).

- every examples/*.gt alone, and once per examples/schedules/<name>_*.sched
  with that schedule appended;
- every .gt under test/ (Inputs/ included), as it is;
- every .sched under test/, appended to the algorithm its RUN line compiles
  (`polyc X.gt -s %s`), or alone after a `schedule:` line;
- every file of test/Fuzz/Inputs/ (inputs that once crashed polyc-fuzz).

--dict writes a libFuzzer dictionary: every quoted literal of the two grammars.
Nothing of this is checked in; ctest builds it before each fuzz run.
"""

import argparse
import hashlib
import os
import re
import shutil
import sys


def read(path):
    with open(path, "rb") as f:
        return f.read()


def with_schedule(algorithm, schedule):
    """The single-file form: algorithm, a `schedule:` line, the statements."""
    if not algorithm.endswith(b"\n"):
        algorithm += b"\n"
    has_header = any(line.strip() == b"schedule:" for line in schedule.splitlines())
    return algorithm + (b"" if has_header else b"schedule:\n") + schedule


def compiled_algorithm(sched_path):
    """The .gt a schedule test compiles its schedule with, if its RUN line says."""
    text = read(sched_path).decode("utf-8", errors="replace")
    for line in text.splitlines():
        if "RUN:" not in line:
            continue
        m = re.search(r"(\S+\.gt)\b", line)
        if m:
            path = m.group(1).replace("%S", os.path.dirname(sched_path))
            if os.path.isfile(path):
                return path
    return None


def seeds(root):
    examples = os.path.join(root, "examples")
    schedules = os.path.join(examples, "schedules")
    for name in sorted(os.listdir(examples)):
        if not name.endswith(".gt"):
            continue
        path = os.path.join(examples, name)
        algorithm = read(path)
        yield "example-" + name, algorithm
        stem = name[:-3]
        if os.path.isdir(schedules):
            for sched in sorted(os.listdir(schedules)):
                if sched.startswith(stem + "_") and sched.endswith(".sched"):
                    yield ("example-%s+%s" % (name, sched),
                           with_schedule(algorithm, read(os.path.join(schedules, sched))))

    test = os.path.join(root, "test")
    for dirpath, dirnames, filenames in os.walk(test):
        dirnames.sort()
        rel = os.path.relpath(dirpath, test)
        if rel.split(os.sep)[0] in ("oracle", "graphs"):
            continue
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            tag = "test-" + os.path.join(rel, name).replace(os.sep, "-")
            if rel == os.path.join("Fuzz", "Inputs"):
                yield tag, read(path)
            elif name.endswith(".gt"):
                yield tag, read(path)
            elif name.endswith(".sched"):
                algorithm = compiled_algorithm(path)
                yield tag, with_schedule(read(algorithm) if algorithm else b"", read(path))


def write_corpus(root, out):
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    count = 0
    seen = set()
    for tag, data in seeds(root):
        digest = hashlib.sha1(data).hexdigest()
        if digest in seen:
            continue
        seen.add(digest)
        name = re.sub(r"[^A-Za-z0-9_.+-]", "_", tag)
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        count += 1
    return count


def grammar_literals(root):
    """The quoted literals of both grammars, as bytes."""
    escapes = {"n": "\n", "r": "\r", "t": "\t"}
    literals = set()
    for grammar in ("GraphIt.g4", "Schedule.g4"):
        text = read(os.path.join(root, "grammar", grammar)).decode("utf-8")
        for line in text.splitlines():
            line = line.split("//")[0]
            for m in re.finditer(r"'((?:[^'\\]|\\.)+)'", line):
                literal = m.group(1)
                if literal.startswith("\\u"):
                    continue  # the byte order mark, spelled as code points
                literal = re.sub(r"\\(.)", lambda e: escapes.get(e.group(1), e.group(1)), literal)
                literals.add(literal.encode("utf-8"))
    return sorted(literals)


def dict_entry(data):
    out = ""
    for b in data:
        c = chr(b)
        out += c if 32 <= b < 127 and c not in '"\\' else "\\x%02X" % b
    return '"%s"' % out


def write_dict(root, path):
    entries = grammar_literals(root) + [b"schedule:\n", b"program->", b"#s1#", b"\n"]
    with open(path, "w") as f:
        f.write("# polyc-fuzz dictionary: the literals of grammar/*.g4 (test/Fuzz/corpus.py)\n")
        for data in entries:
            f.write(dict_entry(data) + "\n")
    return len(entries)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source_root")
    parser.add_argument("out_dir")
    parser.add_argument("--dict", help="also write a libFuzzer dictionary here")
    args = parser.parse_args()
    count = write_corpus(args.source_root, args.out_dir)
    print("corpus.py: %d seeds in %s" % (count, args.out_dir))
    if args.dict:
        n = write_dict(args.source_root, args.dict)
        print("corpus.py: %d dictionary entries in %s" % (n, args.dict))
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())
