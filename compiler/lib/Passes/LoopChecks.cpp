//===- LoopChecks.cpp - Legality checks the loop schedules share ---------===//
#include "LoopChecks.h"
#include "polyc/AST/ASTPrinter.h"
#include "polyc/AST/StmtWalk.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;

bool polyc::runLoopTransforms(Module &module, LoopTransform::Kind kind,
                              llvm::function_ref<bool(const LoopTransform &)> apply) {
  bool changed = false;
  for (const LoopTransform &t : module.schedule.loopTransforms) {
    if (t.kind != kind)
      continue;
    if (!apply(t))
      return false;
    changed = true;
  }
  if (changed)
    recollectTraversals(module);
  return true;
}

bool TransformErrors::fail(const std::string &why, llvm::SMLoc where,
                           const std::string &note) const {
  diags.error(at, what + ": " + why);
  if (where.isValid())
    diags.note(where, note);
  return false;
}

StmtPosition TransformErrors::find(Program &program, const Located<std::string> &label) const {
  StmtPosition pos = findLabelledStmt(program, label.value);
  if (!pos.block)
    diags.error(label.loc, what + ": no statement is labelled '" + label.value +
                               "' at this point: polyc applies every splitForLoop first, then "
                               "every fuseForLoop, then every fuseApplyFunctions (each kind "
                               "in schedule order)");
  return pos;
}

std::string polyc::outputLabel(const LoopTransform &t, size_t k) {
  if (k < t.outputScopedLabels.size())
    return t.outputScopedLabels[k];
  // The validator fills outputScopedLabels; this is its rule.
  size_t inputs = t.kind == LoopTransform::SplitForLoop ? 1 : 2;
  return scopedReplacement(t.labels[0].value, t.labels[inputs + k].value);
}

std::string polyc::sourceText(const Expr &e) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printExpr(e, os);
  return text;
}

const Stmt *polyc::findBreakOf(const Block &body) {
  for (const StmtPtr &s : body) {
    if (llvm::isa<BreakStmt>(s.get()))
      return s.get();
    // A break inside a nested loop leaves that loop; only ifs pass it on.
    if (auto *i = dyn_cast<IfStmt>(s.get())) {
      for (const IfStmt::Branch &b : i->branches)
        if (const Stmt *found = findBreakOf(b.body))
          return found;
      if (const Stmt *found = findBreakOf(i->elseBody))
        return found;
    }
  }
  return nullptr;
}

const Stmt *polyc::findReturn(const Block &body) {
  const Stmt *found = nullptr;
  forEachStmtIn(body, [&](Stmt &s) {
    if (!found && llvm::isa<ReturnStmt>(s))
      found = &s;
  });
  return found;
}

const Stmt *polyc::findAssignmentTo(const Block &body, const Decl *var) {
  const Stmt *found = nullptr;
  forEachStmtIn(body, [&](Stmt &s) {
    auto *assign = dyn_cast<AssignStmt>(&s);
    auto *name = assign ? dyn_cast<NameExpr>(assign->target.get()) : nullptr;
    if (!found && name && name->decl == var)
      found = &s;
  });
  return found;
}

std::string polyc::sideEffect(const Accesses &accesses) {
  for (const auto &[decl, access] : accesses.vars())
    if (access.written)
      return "writes '" + nameOf(decl) + "'";
  if (accesses.prints)
    return "prints";
  if (accesses.timer)
    return "uses the timer";
  return accesses.opaque;
}

std::string polyc::effectConflict(const Accesses &a, const std::string &nameA,
                                  const Accesses &b, const std::string &nameB) {
  if (a.prints && b.prints)
    return "both " + nameA + " and " + nameB +
           " print, and fusing them would interleave their output";
  if (a.timer && b.timer)
    return "both " + nameA + " and " + nameB + " use the timer";
  for (auto [accesses, name] : {std::pair{&a, &nameA}, std::pair{&b, &nameB}})
    if (!accesses->opaque.empty())
      return *name + " " + accesses->opaque + ", whose effects polyc cannot see";
  return "";
}

std::string polyc::nameOf(const Decl *decl) { return decl ? decl->name : "?"; }

bool polyc::checkLoopShape(const ForStmt &loop, const AccessAnalysis &analysis,
                           bool allowReturn, const TransformErrors &errors) {
  std::string label = "'" + loop.scopedLabel + "'";
  auto fail = [&](const std::string &why, llvm::SMLoc where, const std::string &note) {
    return errors.fail(why, where, note);
  };
  if (const Stmt *b = findBreakOf(loop.body))
    return fail(label + " is left by a 'break'", b->loc, "the 'break' is here");
  if (!allowReturn)
    if (const Stmt *r = findReturn(loop.body))
      return fail(label + " contains a 'return'", r->loc, "the 'return' is here");
  if (const Stmt *w = findAssignmentTo(loop.body, loop.var.get()))
    return fail(label + " assigns its loop variable '" + loop.var->name + "'", w->loc,
                "the assignment is here");
  for (const Expr *bound : {loop.lo.get(), loop.hi.get()}) {
    std::string effect = sideEffect(analysis.ofExpr(*bound));
    if (!effect.empty())
      return fail("a bound of " + label + " " + effect, startLoc(*bound), "the bound is here");
  }
  // The bounds are evaluated again by the transformed loops: nothing the
  // body does may change them.
  Accesses body = analysis.ofBlock(loop.body, nullptr);
  for (const Expr *bound : {loop.lo.get(), loop.hi.get()}) {
    Accesses reads = analysis.ofExpr(*bound);
    for (const auto &[decl, access] : reads.vars())
      if (const VarAccess *inBody = body.find(decl); inBody && inBody->written)
        return fail("the bounds of " + label + " read '" + nameOf(decl) + "', which " + label +
                        " writes",
                    inBody->loc, "'" + nameOf(decl) + "' is written here");
  }
  return true;
}

std::optional<int64_t> polyc::constantValue(const Expr &e) {
  if (auto *lit = dyn_cast<IntLitExpr>(&e))
    return lit->value;
  if (auto *u = dyn_cast<UnaryExpr>(&e)) {
    auto v = constantValue(*u->operand);
    if (!v || u->op == UnaryOp::Not)
      return std::nullopt;
    return u->op == UnaryOp::Neg ? llvm::checkedSub<int64_t>(0, *v) : v;
  }
  if (auto *b = dyn_cast<BinaryExpr>(&e)) {
    auto l = constantValue(*b->lhs), r = constantValue(*b->rhs);
    if (!l || !r)
      return std::nullopt;
    // Arithmetic that would overflow is no constant polyc can fold.
    switch (b->op) {
    case BinaryOp::Add: return llvm::checkedAdd(*l, *r);
    case BinaryOp::Sub: return llvm::checkedSub(*l, *r);
    case BinaryOp::Mul: return llvm::checkedMul(*l, *r);
    default: return std::nullopt;
    }
  }
  if (auto *n = dyn_cast<NameExpr>(&e)) {
    // A const global with a value cannot be assigned (Sema), so it is that value.
    auto *var = llvm::dyn_cast_or_null<VarDecl>(n->decl);
    if (var && var->storage == VarDecl::Global && var->isConst && var->init &&
        var->type.isIntegral())
      return constantValue(*var->init);
  }
  return std::nullopt;
}
