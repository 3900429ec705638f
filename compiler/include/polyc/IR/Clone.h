//===- Clone.h - Copying and rewriting IR statements -----------*- C++ -*-===//
//
// The loop schedules (splitForLoop, fuseForLoop, fuseApplyFunctions) copy,
// move and merge statements of the IR, the typed AST with traversal nodes.
// These are the helpers they share:
//  - cloning: a copy gets declarations of its own (locals, loop variables),
//    so that the original and the copy can be renamed independently, while
//    references to declarations outside the copied code keep their target;
//  - walking every expression, the operands of traversal nodes included;
//  - renaming: declarations with their references, scoped labels with the
//    traversals named after them, and the module's traversal lists.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_IR_CLONE_H
#define POLYC_IR_CLONE_H

#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/IR.h"

#include "llvm/Support/Casting.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace polyc {

/// Declarations of the original code and their copies. Entries may be added
/// before cloning to redirect references (a parameter to another function's).
using DeclMap = std::map<const Decl *, Decl *>;

ExprPtr cloneExpr(const Expr &e, DeclMap &map);
StmtPtr cloneStmt(const Stmt &s, DeclMap &map);
Block cloneBlock(const Block &block, DeclMap &map);

/// The direct operands of an expression, those of traversal nodes included
/// (the edgeset, the source set, the vertexset traversed).
template <typename Fn> void forEachOperand(Expr &e, Fn &&fn) {
  auto visit = [&](ExprPtr &c) {
    if (c)
      fn(c);
  };
  if (auto *t = llvm::dyn_cast<EdgeTraversalExpr>(&e)) {
    visit(t->edges);
    visit(t->from);
    return;
  }
  if (auto *t = llvm::dyn_cast<VertexTraversalExpr>(&e)) {
    visit(t->set);
    return;
  }
  forEachChild(e, fn);
}

/// Calls fn on e and every expression below it, operands first (the order in
/// which lowering met the traversals).
template <typename Fn> void forEachExprBelow(Expr &e, Fn &&fn) {
  forEachOperand(e, [&](ExprPtr &operand) { forEachExprBelow(*operand, fn); });
  fn(e);
}

/// Calls fn on every expression of a block, nested blocks included, in
/// source order.
template <typename Fn> void forEachExprIn(const Block &block, Fn &&fn) {
  forEachStmtIn(block, [&](Stmt &s) {
    forEachDirectExpr(s, [&](ExprPtr &e) { forEachExprBelow(*e, fn); });
  });
}

/// Points every reference to `from` in block at `to`, with `to`'s name.
void redirectReferences(const Block &block, const Decl *from, Decl *to);

/// Renames a declaration and every reference to it in block.
void renameDecl(const Block &block, Decl &decl, const std::string &name);

/// Every name the program declares or mentions: what a fresh name must avoid.
std::set<std::string> namesInProgram(const Program &program);

/// `base_2`, `base_3`, ...: the first that is not in taken (added to it).
std::string freshName(const std::string &base, std::set<std::string> &taken);

/// Makes `second` correct when emitted in one C++ scope right after `first`,
/// inside a scope that declares `shared` (a loop variable, parameters) which
/// both use. Locals of `second` that would redeclare a name of `shared` or of
/// `first`'s top level are renamed, and so is a declaration of `shared` or of
/// `first` whose name `second` uses for something else (a global, say), which
/// the merged code would otherwise capture.
void separateScopes(const std::vector<Decl *> &shared, const Block &first, const Block &second,
                    std::set<std::string> &taken);

/// Structural equality: same shape, literals, operators, callees and
/// referenced declarations.
bool sameExpr(const Expr &a, const Expr &b);

/// A scoped label with its first component(s) `from` replaced by `to`
/// ("l1:s1" with from "l1", to "l2" gives "l2:s1"); unchanged when `from` is
/// not a prefix.
std::string replaceLabelPrefix(const std::string &label, const std::string &from,
                               const std::string &to);

/// The scoped label a schedule's new label gets when it replaces the
/// statement labelled `original`: a written label with a ':' is taken as
/// scoped; otherwise it replaces the last component ("outer:l1" and "l2" give
/// "outer:l2").
std::string scopedReplacement(const std::string &original, const std::string &written);

/// Relabels the statements of `block` (and `stmt` itself) under the label
/// prefix `from` with prefix `to`, and renames their traversals after their
/// new labels as lowering would. Unlabelled traversals inside get
/// `unlabelledPrefix` + "_" before their name when it is not empty (copies
/// need names of their own).
void relabel(Stmt &stmt, const std::string &from, const std::string &to,
             const std::string &unlabelledPrefix);

/// Refills module.edgeTraversals and vertexTraversals from the program in
/// source order, after statements holding traversals were copied, moved or
/// deleted, and makes the traversals' C++ names unique.
void recollectTraversals(Module &module);

/// The statement labelled `scopedLabel` in any function: its block and
/// position there, or {nullptr, 0}.
struct StmtPosition {
  Block *block = nullptr;
  size_t index = 0;
  Stmt *stmt() const { return block ? (*block)[index].get() : nullptr; }
};
StmtPosition findLabelledStmt(Program &program, const std::string &scopedLabel);

} // namespace polyc

#endif
