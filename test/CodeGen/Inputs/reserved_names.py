"""Writes a GraphIt program that uses C++ keywords, alternative tokens, macros
of the standard headers, the generated code's own names and spellings C++
reserves as element, variable, function, parameter and local names and as
labels (GraphIt's own keywords only as labels), and the output it must print.

    reserved_names.py OUT.gt EXPECTED.txt GRAPH.el
"""
import sys

GRAPHIT_KEYWORDS = set(
    "and bool break const delete do double edgeset element elif else end export extern false "
    "float for func if in int list new not or par_for print println priority_queue return "
    "string true uint var vector vertexset while xor".split())

CPP_KEYWORDS = (
    "alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t "
    "char16_t char32_t class compl concept const consteval constexpr constinit const_cast "
    "continue co_await co_return co_yield decltype default delete do double dynamic_cast else "
    "enum explicit export extern false float for friend goto if import inline int long module "
    "mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected "
    "public register reinterpret_cast requires return short signed sizeof static static_assert "
    "static_cast struct switch template this thread_local throw true try typedef typeid "
    "typename union unsigned using virtual void volatile wchar_t while xor xor_eq").split()

MACROS = (
    "EOF NULL INT_MAX INT_MIN UINT_MAX LONG_MAX LLONG_MAX SIZE_MAX RAND_MAX CHAR_BIT "
    "EXIT_SUCCESS EXIT_FAILURE BUFSIZ INFINITY NAN HUGE_VAL M_PI EDOM ERANGE EINVAL ENOENT "
    "INT32_MAX UINT64_MAX PTRDIFF_MAX errno assert stdin stdout stderr offsetof alloca unix "
    "linux setjmp va_arg WEXITSTATUS SIGINT CLOCKS_PER_SEC").split()

# Names of the generated code and spellings C++ reserves.
GENERATED = (
    "main_ std polyrt gt polyc_main polyc_argc polyc_init_globals num_Vertex int32_t int64_t "
    "uint8_t size_t class_ EOF_ __x _Y a__b g offsets neighbors src dst frontier set e i v "
    "traversal1 traversal2 s1 s1_sparse_push").split()

names = [n for n in CPP_KEYWORDS if n not in GRAPHIT_KEYWORDS] + MACROS + GENERATED
names = list(dict.fromkeys(names))
labels = CPP_KEYWORDS + MACROS  # every label, GraphIt keywords too

out_gt, out_expected, graph = sys.argv[1:4]
edge_count = sum(1 for line in open(graph) if line.strip() and not line.startswith("#"))

# Roles, round robin: globals, functions, and the locals of those functions.
globals_, functions, locals_ = names[0::3], names[1::3], names[2::3]
vertex, edge = "union", "EOF"  # the element names
counter, edges_name, verts = "register", "this", "NULL"  # taken from globals_ below
for n in (vertex, edge, counter, edges_name, verts, "src", "frontier"):
    for group in (globals_, functions, locals_):
        if n in group:
            group.remove(n)

lines = [f"element {vertex} end", f"element {edge} end",
         f"const {edges_name} : edgeset{{{edge}}}({vertex}, {vertex}) = load(argv[1]);",
         f"const {verts} : vertexset{{{vertex}}} = {edges_name}.getVertices();",
         f"const {counter} : vector{{{vertex}}}(int) = 0;"]
expected_total = 0
for k, name in enumerate(globals_):
    lines.append(f"const {name} : int = {k};")
for k, name in enumerate(functions):
    p, q, loc = (locals_[(3 * k + j) % len(locals_)] for j in range(3))
    g = globals_[k % len(globals_)]
    lines += [f"func {name}({p} : int) -> {q} : int",
              f"    var {loc} : int = {p} * 2;",
              f"    {q} = {loc} + {g};",
              "end"]
    expected_total += 2 * k + (k % len(globals_))
# Edge and vertex functions with reserved parameter names; the applied
# functions are named like locals of the traversal functions.
lines += [f"func src(and_eq : {vertex}, bitor : {vertex})",
          f"    {counter}[bitor] += 1;",
          "end",
          f"func frontier(compl : {vertex})",
          f"    {counter}[compl] += 1;",
          "end",
          "func main()",
          "    var total : int = 0;"]
for k, name in enumerate(functions):
    lines.append(f"    total += {name}({k});")
lines.append("    print total;")
# Every label applies the edge function once (a label equal to a global, a
# function, a C++ keyword, a macro, traversal2 next to unlabelled ones,
# a_b next to a:b, s1 next to s1_sparse_push).
label_function = next(f for f in functions if f not in labels)  # a label equal to a function
runs = 0
for label in labels:
    lines.append(f"    #{label}# {edges_name}.apply(src);")
    runs += 1
lines += [f"    {verts}.apply(frontier);", f"    {verts}.apply(frontier);",
          f"    #traversal2# {edges_name}.apply(src);",
          f"    #a_b# {edges_name}.apply(src);",
          f"    #a# for k in 0:1",
          f"        #b# {edges_name}.apply(src);",
          "    end",
          f"    #s1# {edges_name}.apply(src);",
          f"    #s1_sparse_push# {edges_name}.apply(src);",
          f"    #{label_function}# {verts}.apply(frontier);",
          f"    print {counter}.sum();",
          "end"]
runs += 5
vertex_runs = 3

vertices = 1 + max(int(x) for line in open(graph)
                   if line.strip() and not line.startswith("#") for x in line.split()[:2])
open(out_gt, "w").write("\n".join(lines) + "\n")
open(out_expected, "w").write(f"{expected_total}\n{runs * edge_count + vertex_runs * vertices}\n")
