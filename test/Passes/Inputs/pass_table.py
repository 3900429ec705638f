"""Checks docs/architecture.md's pass table against `polyc --list-passes`.

Usage: pass_table.py LIST_PASSES_OUTPUT ARCHITECTURE_MD

The table (the first one under "## Passes") must have one row per pass, in
pipeline order, `| `name` | description |`, with the description the pass
declares. On a difference it prints the table as it should read.
"""
import re
import sys


def listed_passes(path):
    passes = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line:
            name, _, description = line.partition("  ")
            passes.append((name, description.strip()))
    return passes


def documented_passes(path):
    text = open(path, encoding="utf-8").read()
    section = re.search(r"^## Passes\b.*?$(.*?)(?=^## )", text, re.M | re.S)
    if not section:
        sys.exit("%s: no '## Passes' section" % path)
    rows, in_table = [], False
    for line in section.group(1).splitlines():
        if line.startswith("|"):
            in_table = True
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            match = re.fullmatch(r"`([^`]+)`", cells[0])
            if match and len(cells) == 2:
                rows.append((match.group(1), cells[1]))
            elif cells[0] not in ("pass", "---"):
                rows.append((cells[0], " | ".join(cells[1:])))
        elif in_table:
            break
    return rows


def main():
    listed = listed_passes(sys.argv[1])
    documented = documented_passes(sys.argv[2])
    if not listed:
        sys.exit("polyc --list-passes printed no pass")
    if listed == documented:
        return
    names = {name for name, _ in documented}
    for name, description in listed:
        if name not in names:
            print("missing from the table: %s" % name)
        elif (name, description) not in documented:
            print("differs from --list-passes: %s" % name)
    listed_names = {name for name, _ in listed}
    for name, _ in documented:
        if name not in listed_names:
            print("not a pass polyc runs: %s" % name)
    if [n for n, _ in listed if n in names] != [n for n, _ in documented if n in listed_names]:
        print("the table's order is not the pipeline's")
    print("\n%s's pass table should read:\n" % sys.argv[2])
    print("| pass | description |\n|---|---|")
    for name, description in listed:
        print("| `%s` | %s |" % (name, description))
    sys.exit(1)


if __name__ == "__main__":
    main()
