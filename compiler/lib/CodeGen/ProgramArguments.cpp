//===- ProgramArguments.cpp - What a program takes on its command line ---===//
//
// `./prog --help` (and `./prog` without arguments) lists the argv[N] the
// program reads, each with what it is for: a graph file an edgeset loads, a
// number atoi/atof reads into a variable, a number the schedule reads
// ("argv[N]" in a schedule). polyrt::runMain prints it (docs/runtime.md).
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

#include "polyc/IR/Clone.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"

#include <limits>
#include <map>
#include <optional>
#include <set>

using namespace polyc;
using llvm::dyn_cast;

namespace {

/// N when e is `argv[N]`.
std::optional<int> argvIndexOf(const Expr &e) {
  auto *index = dyn_cast<IndexExpr>(&e);
  auto *n = index ? dyn_cast<IntLitExpr>(index->index.get()) : nullptr;
  if (!n || !isArgv(index->base.get()) || n->value < 0 ||
      n->value > std::numeric_limits<int>::max())
    return std::nullopt;
  return static_cast<int>(n->value);
}

class Collector {
public:
  std::map<int, std::vector<std::string>> uses;

  void add(int index, const std::string &what) {
    std::vector<std::string> &list = uses[index];
    if (!llvm::is_contained(list, what))
      list.push_back(what);
  }
  /// Every argv[N] below e; `into` names what e is assigned to, if anything.
  void walk(Expr &e, const std::string &into) {
    std::set<const Expr *> read; // argv[N] a call reads: described by the call
    forEachExprBelow(e, [&](Expr &x) {
      auto *call = dyn_cast<CallExpr>(&x);
      if (!call || call->args.size() != 1)
        return;
      if (std::optional<int> n = argvIndexOf(*call->args[0])) {
        add(*n, describe(*call, &x == &e ? into : ""));
        read.insert(call->args[0].get());
      }
    });
    forEachExprBelow(e, [&](Expr &x) {
      if (std::optional<int> n = argvIndexOf(x); n && !read.count(&x))
        add(*n, &x == &e && !into.empty() ? "a string: '" + into + "'" : "a string");
    });
  }

private:
  static std::string describe(const CallExpr &call, const std::string &into) {
    std::string target = into.empty() ? "" : " of '" + into + "'";
    std::string named = into.empty() ? "" : ": '" + into + "'";
    if (call.builtin == Builtin::Load)
      return "the graph file" + target;
    if (call.builtin == Builtin::Atoi)
      return "an integer" + named;
    if (call.builtin == Builtin::Atof)
      return "a number" + named;
    return "an argument of " + call.callee + "()";
  }
};

/// Each number the schedule reads from argv, with what it sets.
void scheduleArguments(const Schedule &schedule, Collector &c) {
  for (const auto &[label, s] : schedule.byLabel) {
    auto note = [&, &label = label](const std::optional<ScheduleNumber> &n, const char *what) {
      if (n && n->fromArgv())
        c.add(n->argvIndex, std::string("the schedule's ") + what + " of '" + label + "'");
    };
    note(s.hybridThreshold, "hybrid threshold");
    note(s.hybridVertexThreshold, "hybrid vertex threshold");
    for (const auto &p : s.parallelization)
      if (p)
        note(p->value.grain, "grain size");
    for (const auto &seg : s.segments)
      if (seg)
        note(seg->value.count, "number of segments");
    note(s.parForGrain, "par_for grain size");
    note(s.numaNodes, "NUMA node count");
    note(s.frontierThreshold, "frontier threshold");
    note(s.stealChunk, "work-stealing chunk");
    note(s.htmCoarsening, "htm coarsening");
    note(s.priorityDelta, "priority delta");
    note(s.bucketMergeThreshold, "bucket merge threshold");
    note(s.openBuckets, "number of open buckets");
  }
}

} // namespace

std::vector<std::pair<int, std::string>> polyc::programArguments(const Module &module) {
  Collector c;
  for (const auto &decl : module.program->decls) {
    if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->init)
      c.walk(*var->init, var->name);
    auto *f = dyn_cast<FuncDecl>(decl.get());
    if (!f)
      continue;
    forEachStmtIn(f->body, [&](Stmt &s) {
      std::string into;
      if (auto *d = dyn_cast<VarDeclStmt>(&s))
        into = d->decl->name;
      else if (auto *a = dyn_cast<AssignStmt>(&s))
        if (auto *name = dyn_cast<NameExpr>(a->target.get()))
          into = name->name;
      forEachDirectExpr(s, [&](ExprPtr &e) { c.walk(*e, into); });
    });
  }
  scheduleArguments(module.schedule, c);
  std::vector<std::pair<int, std::string>> arguments;
  for (const auto &[index, whats] : c.uses)
    arguments.emplace_back(index, llvm::join(whats, "; "));
  return arguments;
}
