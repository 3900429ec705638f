"""polyc-tune --call: a library program (no main) tuned through one export
function (docs/tuning.md, "Libraries"). The tuner times a wrapper program:
the library's own text, unchanged (its labels and line numbers stay the
same, so a schedule of the wrapper is a schedule of the library), with a
main appended that loads argv[1] as `graph`, makes the call and prints its
result, one line per vertex for a per-vertex vector."""

import re

MAIN_RE = re.compile(r"^[ \t]*func[ \t]+main[ \t]*\(", re.M)
# polyc --emit=header's comment above each export function: its signature.
EXPORT_RE = re.compile(r"^///[ \t]*export func[ \t]+(\w+)[ \t]*\((.*)$", re.M)
CALL_RE = re.compile(r"\s*(\w+)\s*\((.*)\)\s*", re.S)
VECTOR_RE = re.compile(r"vector\{(\w+)\}\((\w+)\)")
EDGESET_RE = re.compile(r"edgeset\{\w+\}\((\w+)\s*,")
PRINTABLE = {"int", "uint", "uint_64", "float", "double", "bool"}


class CallError(Exception):
    pass


def has_main(source):
    return MAIN_RE.search(source) is not None


def split_top(text):
    """Splits at the commas outside brackets: "a, f(b, c)" -> ["a", "f(b, c)"]."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    last = text[start:].strip()
    if last or parts:
        parts.append(last)
    return parts


def exports(header):
    """{name: ([(param, type)], result type or None)} from polyc's header."""
    found = {}
    for m in EXPORT_RE.finditer(header):
        rest, depth = m.group(2), 1
        end = next((i for i, ch in enumerate(rest)
                    if (depth := depth + (ch in "([{") - (ch in ")]}")) == 0), None)
        if end is None:
            continue
        params = []
        for p in split_top(rest[:end]):
            name, _, ty = p.partition(":")
            params.append((name.strip(), ty.strip()))
        result = rest[end + 1:].strip()
        result = result[2:].partition(":")[2].strip() if result.startswith("->") else None
        found[m.group(1)] = (params, result or None)
    return found


def fresh(base, source):
    """A name the library does not use."""
    name, n = base, 1
    while re.search(r"\b%s\b" % re.escape(name), source):
        n += 1
        name = "%s%d" % (base, n)
    return name


def wrapper(source, header, call):
    """The library's text with a main that times `call` on the graph in
    argv[1]. `call` is a GraphIt call of an export function in which `graph`
    stands for that graph: "pagerank(graph, 20)"."""
    m = CALL_RE.fullmatch(call)
    if not m:
        raise CallError("--call '%s' is not a call: write it as f(graph, ...) with f an "
                        "export function" % call)
    function, args = m.group(1), split_top(m.group(2))
    table = exports(header)
    if function not in table:
        raise CallError("--call: '%s' is not an export function of the program (its export "
                        "functions: %s)" % (function, ", ".join(sorted(table)) or "none"))
    params, result = table[function]
    if len(args) != len(params):
        raise CallError("--call: %s takes %d argument(s) (%s), the call gives %d"
                        % (function, len(params), ", ".join(n for n, _ in params), len(args)))
    graph_types = [ty for a, (_, ty) in zip(args, params) if a == "graph"]
    if not graph_types or not graph_types[0].startswith("edgeset"):
        raise CallError("--call: pass the graph as `graph`, for an edgeset parameter of %s "
                        "(%s)" % (function, ", ".join("%s : %s" % p for p in params)))
    graph_type = graph_types[0]
    res, verts, i = (fresh(n, source) for n in ("tuned_result", "tuned_vertices", "tuned_i"))
    lines = ["", "% polyc-tune --call: the library above, timed through one call",
             "func main()",
             "    var graph : %s = load(argv[1]);" % graph_type]
    if result is None:
        lines.append("    %s;" % call.strip())
    else:
        lines.append("    var %s : %s = %s;" % (res, result, call.strip()))
        vec = VECTOR_RE.fullmatch(result.replace(" ", ""))
        if vec:
            vertex = EDGESET_RE.match(graph_type.replace(" ", ""))
            if vec.group(2) not in PRINTABLE or not vertex or vertex.group(1) != vec.group(1):
                raise CallError("--call: %s returns %s; the tuner compares a number, a bool, a "
                                "vertex or a per-vertex vector of numbers" % (function, result))
            lines += ["    var %s : vertexset{%s} = graph.getVertices();" % (verts, vec.group(1)),
                      "    for %s in 0 : %s.size()" % (i, verts),
                      "        print %s[%s];" % (res, i),
                      "    end"]
        else:
            lines.append("    print %s;" % res)
    lines.append("end")
    text = source if source.endswith("\n") else source + "\n"
    return text + "\n".join(lines) + "\n"
