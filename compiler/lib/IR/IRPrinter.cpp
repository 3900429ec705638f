//===- IRPrinter.cpp - The IR as --emit=ir and --print-ir-after show it --===//
//
// One block per traversal, in source order, listing what the program asked
// for and every decision the passes have made so far. Lines are stable so
// that lit tests can check them with FileCheck.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/ASTPrinter.h"
#include "polyc/IR/IR.h"

using namespace polyc;

const char *polyc::spelling(FrontierRepr r) {
  switch (r) {
  case FrontierRepr::None: return "none";
  case FrontierRepr::SparseQueue: return "sparse-queue";
  case FrontierRepr::BoolArray: return "bool-array";
  }
  return "?";
}

namespace {

void printWrites(const char *heading, const std::vector<WriteInfo> &writes,
                 llvm::raw_ostream &os) {
  for (const WriteInfo &w : writes) {
    os << "    " << heading << ": ";
    printExpr(*w.stmt->target, os);
    os << " " << spelling(w.stmt->op) << " ";
    printExpr(*w.stmt->value, os);
    os << "  [" << (w.sync == WriteSync::Atomic ? "atomic" : "plain");
    if (w.indexedByOwner)
      os << ", owner";
    if (w.tracked)
      os << ", tracked";
    os << "]\n";
  }
}

void printPlan(const TraversalPlan &plan, llvm::raw_ostream &os) {
  os << "    parallelization: " << spelling(plan.parallelization);
  if (plan.parallelization != Parallelization::Serial)
    os << " (grain " << plan.grainSize << ")";
  os << "\n";
}

void printLabel(const std::string &label, llvm::raw_ostream &os) {
  os << "    label: " << (label.empty() ? "(none)" : label) << "\n";
}

void print(const EdgeTraversalExpr &t, llvm::raw_ostream &os) {
  os << "  edge-traversal @" << t.name << ": " << t.source << "\n";
  printLabel(t.label, os);
  os << "    apply: " << t.applyFunc->name;
  if (t.toFilter)
    os << ", to: " << t.toFilter->name;
  if (t.srcFilter)
    os << ", srcFilter: " << t.srcFilter->name;
  if (t.trackedVector)
    os << ", tracks: " << t.trackedVector->name << (t.earlyExit ? " (early exit)" : "");
  os << "\n    direction: " << spelling(t.direction) << "\n";
  printPlan(t.plan, os);
  if (t.usesPush())
    os << "    push frontier: in " << spelling(t.pushInput) << ", out "
       << spelling(t.pushOutput) << (t.deduplicate ? ", dedup" : "") << "\n";
  if (t.usesPull())
    os << "    pull frontier: in " << spelling(t.pullInput) << ", out "
       << spelling(t.pullOutput) << "\n";
  printWrites("push write", t.plan.pushWrites, os);
  printWrites("pull write", t.plan.pullWrites, os);
}

void print(const VertexTraversalExpr &t, llvm::raw_ostream &os) {
  os << "  vertex-traversal @" << t.name << ": " << t.source << "\n";
  printLabel(t.label, os);
  os << "    " << (t.op == VertexTraversalExpr::Apply ? "apply" : "filter") << ": "
     << t.func->name << "\n";
  printPlan(t.plan, os);
  printWrites("write", t.writes, os);
}

} // namespace

void polyc::printIR(const Module &module, llvm::raw_ostream &os) {
  os << "module {\n";
  // Interleave both kinds in source order.
  auto e = module.edgeTraversals.begin(), eEnd = module.edgeTraversals.end();
  auto v = module.vertexTraversals.begin(), vEnd = module.vertexTraversals.end();
  while (e != eEnd || v != vEnd) {
    bool edgeFirst = v == vEnd || (e != eEnd && (*e)->loc.getPointer() < (*v)->loc.getPointer());
    if (edgeFirst)
      print(**e++, os);
    else
      print(**v++, os);
  }
  os << "}\n";
}
