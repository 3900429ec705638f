//===- LocalMovesPass.cpp - Vertex sets moved out of dying locals --------===//
//
// `set = other` copies a whole vertex set. When `other` is a local of the
// same block that nothing after the assignment reads (`frontier = output;`
// at the end of a loop body), the copy is wasted work: a frontier can be as
// large as the graph. This pass records such assignments on the module; the
// emitter writes them as moves.
//
//===----------------------------------------------------------------------===//
#include "polyc/AST/StmtWalk.h"
#include "polyc/Passes/Pass.h"

using namespace polyc;
using llvm::dyn_cast;

namespace {

void findMovableAssignments(const Block &block, std::set<const AssignStmt *> &moved) {
  std::set<const Decl *> locals;
  for (const StmtPtr &s : block) {
    if (auto *decl = dyn_cast<VarDeclStmt>(s.get()))
      locals.insert(decl->decl.get());
    auto *assign = dyn_cast<AssignStmt>(s.get());
    if (!assign || assign->op != AssignOp::Assign || assign->target->type.kind != Type::VertexSet)
      continue;
    auto *source = dyn_cast<NameExpr>(assign->value.get());
    if (!source || !locals.count(source->decl))
      continue;
    // Pre-order: every statement visited after the assignment comes after it.
    bool after = false;
    std::set<const Decl *> usedLater;
    forEachStmtIn(block, [&](Stmt &visited) {
      if (after)
        forEachDirectExpr(visited, [&](ExprPtr &e) { collectNames(*e, usedLater); });
      after |= &visited == assign;
    });
    if (!usedLater.count(source->decl))
      moved.insert(assign);
  }
}

} // namespace

bool polyc::runLocalMovesPass(Module &module, DiagnosticEngine &) {
  module.movedAssignments.clear();
  forEachBlock(*module.program,
               [&](const Block &block) { findMovableAssignments(block, module.movedAssignments); });
  return true;
}

const Pass polyc::localMovesPass = {
    "local-moves",
    "vertex sets assigned from a local that dies there are moved, not copied",
    TargetSet::all(), polyc::runLocalMovesPass};
