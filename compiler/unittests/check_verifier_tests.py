#!/usr/bin/env python3
"""One test per verifier check (ctest polyc.VerifierTest.OneTestPerCheck).

Every fail(where, what) in compiler/lib/IR/Verifier.cpp, outside the
functions in EXCLUDED, must be matched by its own test in
compiler/unittests/Verifier*Test.cpp: a test whose
EXPECT_EQ(verifyModule(module), "...") message the check can produce. Each
check needs a different test (a matching over tests and checks), so two
checks with the same message need two tests. A fail whose message is
`cond ? "a" : "b"` is two checks.

Usage: check_verifier_tests.py Verifier.cpp UNITTEST_DIR
"""
import pathlib
import re
import sys

# Functions whose checks are not yet one per test (none now: the loop
# nests' verifyOps and verifyNest have theirs in VerifierTest.cpp).
EXCLUDED = []

# Checks no IR can reach, by message, with the reason: proposed for removal.
# A test for them could only fake the IR the verifier never sees.
DEAD = {
    "reads node parts as its input form (they are walked by the owner loop)":
        "any input other than none reaches the input-form check above it first, "
        "which fails node parts for every variant (neither a list nor a bitmap)",
}

LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
FUNCTION = re.compile(r"^[A-Za-z].*\bVerifier::(\w+)\(")


def unescape(text):
    return re.sub(r"\\(.)", r"\1", text)


def call_text(source, start):
    """The argument text of the call whose '(' is at start."""
    depth, i = 0, start
    while i < len(source):
        c = source[i]
        if c == '"':
            i = LITERAL.match(source, i).end()
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return source[start + 1:i]
        i += 1
    raise ValueError("unbalanced fail( at offset %d" % start)


def split_top_level(args):
    parts, depth, current, i = [], 0, "", 0
    while i < len(args):
        c = args[i]
        if c == '"':
            end = LITERAL.match(args, i).end()
            current += args[i:end]
            i = end
            continue
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += c
        i += 1
    parts.append(current)
    return parts


def pattern(expr):
    """A regex for the strings expr (literals joined by +) can be."""
    out, pos = "", 0
    for m in LITERAL.finditer(expr):
        if expr[pos:m.start()].strip(" \n+"):
            out += ".*"
        out += re.escape(unescape(m.group(1)))
        pos = m.end()
    if expr[pos:].strip(" \n+") or not out:
        out += ".*"
    return out


def alternatives(expr):
    """`cond ? "a" : "b"` gives both messages; anything else one."""
    m = re.fullmatch(r'\s*[\w.>\-]+\s*\?\s*("(?:[^"\\]|\\.)*")\s*:\s*("(?:[^"\\]|\\.)*")\s*', expr)
    return [m.group(1), m.group(2)] if m else [expr]


def checks(path):
    source = path.read_text()
    lines = source.splitlines(keepends=True)
    found, dead, seen_functions, function, offset = [], [], set(), None, 0
    for number, line in enumerate(lines, 1):
        m = FUNCTION.match(line)
        if m:
            function = m.group(1)
            seen_functions.add(function)
        elif line.startswith("}"):
            function = None
        for call in re.finditer(r"\bfail\(", line):
            if function is None or function in EXCLUDED:
                continue
            where, what = split_top_level(call_text(source, offset + call.end() - 1))
            for message in alternatives(what):
                if unescape("".join(LITERAL.findall(message))) in DEAD:
                    dead.append(number)
                    continue
                regex = re.compile("^" + pattern(where) + re.escape(": ") + pattern(message) + "$", re.S)
                found.append((number, regex))
        offset += len(line)
    missing = [name for name in EXCLUDED if name not in seen_functions]
    if missing:
        sys.exit("check_verifier_tests.py: no function %s in %s: update EXCLUDED" % (missing, path))
    if len(dead) != len(DEAD):
        sys.exit("check_verifier_tests.py: %d of the %d DEAD checks are in %s: update DEAD"
                 % (len(dead), len(DEAD), path))
    return found


def expected_messages(directory):
    """(test name, message) for each EXPECT_EQ(verifyModule(module), "...")."""
    result = []
    for path in sorted(directory.glob("Verifier*Test.cpp")):
        text = path.read_text()
        tests = [(m.start(), m.group(1)) for m in re.finditer(r"TEST_F\(Verifier\w*Test,\s*(\w+)\)", text)]
        for m in re.finditer(r'verifyModule\(module\),\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)', text):
            message = "".join(unescape(s) for s in LITERAL.findall(m.group(1)))
            owner = [name for start, name in tests if start < m.start()]
            if message and owner:
                result.append((path.name + ":" + owner[-1], message))
    return result


def main():
    verifier, directory = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    found = checks(verifier)
    if not found:
        sys.exit("check_verifier_tests.py: no fail( found in %s" % verifier)
    messages = expected_messages(directory)
    tests = sorted({name for name, _ in messages})
    can = {i: {name for name, message in messages if regex.match(message)}
           for i, (_, regex) in enumerate(found)}
    # A matching of checks to distinct tests (augmenting paths).
    owner = {}

    def assign(i, visited):
        for test in can[i]:
            if test not in visited:
                visited.add(test)
                if test not in owner or assign(owner[test], visited):
                    owner[test] = i
                    return True
        return False

    unmatched = [i for i in range(len(found)) if not assign(i, set())]
    for i in unmatched:
        number, regex = found[i]
        print("Verifier.cpp:%d: no test of its own expects %s" % (number, regex.pattern))
    print("%d checks outside %s (and %d dead: %s), %d tests expecting a message, "
          "%d checks without a test" % (len(found), ", ".join(EXCLUDED) or "no function", len(DEAD),
                                        "; ".join(DEAD), len(tests), len(unmatched)))
    return 1 if unmatched else 0


if __name__ == "__main__":
    sys.exit(main())
