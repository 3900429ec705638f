"""What a study's times were measured on (docs/tuning.md, "Resuming a
study"): the program, the call (--call), the schedule space, the graphs'
contents, the program's arguments and polyc's extra options. A stored study
is continued only with the same key: its times would otherwise be compared
with times on another graph or another program."""

import hashlib
import json
import os

MIB = 1 << 20
ATTR = "polyc_tune_key"  # the study's user attribute that holds the key


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def graph_key(path):
    """A graph by its content: its size and a hash of its first and last
    MiB (hashing a whole multi-GiB graph would take longer than a trial)."""
    size = os.path.getsize(path)
    h = hashlib.sha256()
    with open(path, "rb") as f:
        h.update(f.read(MIB))
        if size > MIB:
            f.seek(max(MIB, size - MIB))
            h.update(f.read())
    return {"file": os.path.basename(path), "bytes": size, "sha256": h.hexdigest()[:16]}


def make_key(program_text, call, dims, graphs, args, polyc_flags):
    space = [[d.name, [str(v) for v in d.values]] for d in dims]
    return {
        "program": sha256(program_text)[:16],
        "call": call or "",
        "schedule space": sha256(json.dumps(space))[:16],
        "graphs": [graph_key(g) for g in graphs],
        "program arguments": list(args),
        "polyc options": list(polyc_flags),
    }


def describe(part, value):
    if part == "graphs":
        return ", ".join("%s (%d bytes, %s)" % (g["file"], g["bytes"], g["sha256"])
                         for g in value)
    if isinstance(value, list):
        return " ".join(value) or "none"
    return value or "none"


def differences(stored, current):
    """Lines naming each part of the key that differs, stored against now."""
    lines = []
    for part in current:
        if stored.get(part) != current[part]:
            lines.append("  %s: the study's %s; this run's %s"
                         % (part, describe(part, stored.get(part, "none")),
                            describe(part, current[part])))
    return lines
