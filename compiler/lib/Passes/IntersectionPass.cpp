//===- IntersectionPass.cpp - configIntersection ---------------------------===//
//
// configIntersection(label, method) names a statement, usually inside an
// applied function (`#s2# count[src] += intersection(...)`), and picks how
// its intersection() calls count the members two neighbour lists share. The
// pass records the method per call; the emitter passes it to
// polyrt::intersectionCount. A label whose statement holds no intersection()
// call is an error at the schedule call.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/IR.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

namespace {

void collectIntersections(Expr &e, std::vector<const CallExpr *> &calls) {
  if (auto *call = dyn_cast<CallExpr>(&e);
      call && !call->func &&
      (call->builtin == Builtin::Intersection || call->builtin == Builtin::IntersectNeighbor))
    calls.push_back(call);
  forEachChild(e, [&](ExprPtr &child) { collectIntersections(*child, calls); });
}

} // namespace

bool polyc::runIntersectionPass(Module &module, DiagnosticEngine &diags) {
  std::map<std::string, std::vector<const CallExpr *>> callsByLabel;
  forEachStmt(*module.program, [&](Stmt &labelled) {
    if (labelled.scopedLabel.empty())
      return;
    std::vector<const CallExpr *> &calls = callsByLabel[labelled.scopedLabel];
    auto collect = [&](Stmt &s) {
      forEachDirectExpr(s, [&](ExprPtr &e) { collectIntersections(*e, calls); });
    };
    collect(labelled);
    forEachNestedBlock(labelled, [&](Block &block) { forEachStmtIn(block, collect); });
  });
  bool ok = true;
  for (const auto &[label, s] : module.schedule.byLabel) {
    if (!s.intersection)
      continue;
    auto found = callsByLabel.find(label);
    if (found == callsByLabel.end() || found->second.empty()) {
      diags.error(s.intersection->loc, "'configIntersection' applies to intersection() and "
                                       "intersectNeighbor() calls, and "
                                       "the statement labelled '" + label + "' has none");
      ok = false;
      continue;
    }
    for (const CallExpr *call : found->second)
      module.intersectionMethods[call] = s.intersection->value;
  }
  return ok;
}

const Pass polyc::intersectionPass = {
    "intersection",
    "configIntersection: the method of each intersection() call",
    TargetSet::all(), polyc::runIntersectionPass};
