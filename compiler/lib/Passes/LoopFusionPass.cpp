//===- LoopFusionPass.cpp - fuseForLoop ----------------------------------===//
//
// fuseForLoop("l1", "l2", "f") merges two adjacent loops with the same bounds,
//     #l1# for i in a : b  body1  end
//     #l2# for j in a : b  body2  end
// into one, `#f# for i in a : b  body1  body2[j := i]  end`, whose nested
// labels become "f:..." in place of "l1:..." and "l2:...".
//
// Fusion runs body2's iteration k before body1's iterations k+1, k+2, ...
// That is only the same as running all of body1 first when nothing the two
// bodies share flows between different iterations. The pass accepts exactly
// this: every variable that one body writes and the other reads or writes is
// a vector both bodies access only at the loop variable (`x[i]`, so iteration
// k of each touches only element k); variables declared inside a body are
// that body's own. Accesses are followed into called functions and into the
// functions traversals apply, which count as touching any element. Output
// (both print), the timer and extern code (whose effects are unknown)
// conflict too. Anything else is a located error at the schedule call that
// names the variable and both statements.
//
// The bounds must be the same expressions, free of side effects and of
// variables either body writes (they are evaluated once per iteration); the
// loops must leave by their bounds (no break, no return) and keep their loop
// variables. Names of body2 that body1's declarations would capture in one
// C++ scope are renamed.
//
//===----------------------------------------------------------------------===//
#include "LoopChecks.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"

#include <set>

using namespace polyc;
using llvm::dyn_cast;

namespace {

/// The labels nested in a loop, relative to it ("s1" for "l1:s1").
std::set<std::string> nestedLabels(const ForStmt &loop) {
  std::set<std::string> out;
  forEachStmtIn(loop.body, [&](Stmt &s) {
    if (!s.scopedLabel.empty())
      out.insert(s.scopedLabel.substr(loop.scopedLabel.size() + 1));
  });
  return out;
}

/// Whether sharing `decl` between the bodies is safe given how each touches it.
bool sharedSafely(const Decl *decl, const VarAccess &a, const VarAccess &b) {
  if (!(a.written && (b.read || b.written)) && !(b.written && a.read))
    return true;
  const Type *type = nullptr;
  if (auto *var = dyn_cast<VarDecl>(decl))
    type = &var->type;
  else if (auto *param = dyn_cast<ParamDecl>(decl))
    type = &param->type;
  bool indexable = type && (type->kind == Type::Vector || type->kind == Type::FixedVector);
  return indexable && !a.elsewhere && !b.elsewhere;
}

class Fuser {
public:
  Fuser(Module &module, DiagnosticEngine &diags) : module(module), diags(diags) {}

  bool fuse(const LoopTransform &t) {
    const std::string &label1 = t.labels[0].value, &label2 = t.labels[1].value;
    TransformErrors errors{diags, "cannot fuse '" + label1 + "' and '" + label2 + "'", t.loc};
    this->errors = &errors;
    StmtPosition pos1 = errors.find(*module.program, t.labels[0]);
    StmtPosition pos2 = pos1.block ? errors.find(*module.program, t.labels[1]) : StmtPosition();
    if (!pos2.block)
      return false;
    auto *loop1 = dyn_cast<ForStmt>(pos1.stmt());
    auto *loop2 = dyn_cast<ForStmt>(pos2.stmt());
    for (auto [loop, pos, located] :
         {std::tuple{loop1, pos1, &t.labels[0]}, std::tuple{loop2, pos2, &t.labels[1]}})
      if (!loop)
        return fail("'" + located->value + "' does not label a for loop", pos.stmt()->loc,
                    "'" + located->value + "' labels this statement");
    if (pos1.block != pos2.block || pos2.index != pos1.index + 1)
      return fail("they are not adjacent statements of one block (the first directly "
                  "followed by the second)",
                  loop2->loc, "'" + label2 + "' is here");
    if (!sameExpr(*loop1->lo, *loop2->lo) || !sameExpr(*loop1->hi, *loop2->hi))
      return fail("their bounds differ (" + sourceText(*loop1->lo) + " : " + sourceText(*loop1->hi) +
                      " and " + sourceText(*loop2->lo) + " : " + sourceText(*loop2->hi) + ")",
                  startLoc(*loop2->lo), "the bounds of '" + label2 + "' are here");

    AccessAnalysis analysis(*module.program);
    for (const ForStmt *loop : {loop1, loop2})
      if (!checkLoopShape(*loop, analysis, /*allowReturn=*/false, errors))
        return false;
    // The fused loop's bounds see what either body writes.
    Accesses body1 = analysis.ofBlock(loop1->body, loop1->var.get());
    Accesses body2 = analysis.ofBlock(loop2->body, loop2->var.get());
    for (const Expr *bound : {loop1->lo.get(), loop1->hi.get()}) {
      Accesses reads = analysis.ofExpr(*bound);
      for (const auto &[decl, access] : reads.vars())
        if (const VarAccess *w = body2.find(decl); w && w->written)
          return fail("the bounds read '" + nameOf(decl) + "', which '" + label2 + "' writes",
                      w->loc, "'" + nameOf(decl) + "' is written here");
    }
    if (!checkConflicts(body1, body2, label1, label2))
      return false;

    std::set<std::string> labels1 = nestedLabels(*loop1), labels2 = nestedLabels(*loop2);
    for (const std::string &nested : labels2)
      if (labels1.count(nested))
        return fail("both contain a statement labelled '" + nested +
                        "', which would be one label in the fused loop",
                    loop2->loc, "'" + label2 + "' is here");

    std::string fused = outputLabel(t, 0);
    std::set<std::string> taken = namesInProgram(*module.program);
    redirectReferences(loop2->body, loop2->var.get(), loop1->var.get());
    separateScopes({loop1->var.get()}, loop1->body, loop2->body, taken);
    relabel(*loop1, label1, fused, "");
    for (StmtPtr &s : loop2->body) {
      relabel(*s, label2, fused, "");
      loop1->body.push_back(std::move(s));
    }
    pos1.block->erase(pos1.block->begin() + pos2.index);
    return true;
  }

private:
  Module &module;
  DiagnosticEngine &diags;
  const TransformErrors *errors = nullptr; // of the transform being applied

  bool fail(const std::string &why, llvm::SMLoc where = {}, const std::string &note = "") {
    return errors->fail(why, where, note);
  }

  bool checkConflicts(const Accesses &body1, const Accesses &body2, const std::string &label1,
                      const std::string &label2) {
    for (const auto &[decl, a] : body1.vars()) {
      const VarAccess *b = body2.find(decl);
      if (!b || sharedSafely(decl, a, *b))
        continue;
      bool firstWrites = a.written;
      const std::string &writer = firstWrites ? label1 : label2;
      const std::string &other = firstWrites ? label2 : label1;
      const VarAccess &otherAccess = firstWrites ? *b : a;
      bool indexable = false;
      if (auto *var = dyn_cast<VarDecl>(decl))
        indexable = var->type.kind == Type::Vector || var->type.kind == Type::FixedVector;
      std::string verb = firstWrites && !b->read ? "written" : "read";
      return fail("'" + nameOf(decl) + "' is written by '" + writer + "' and " + verb +
                      " by '" + other + "'" + (indexable ? " at other indices" : ""),
                  otherAccess.loc, "'" + nameOf(decl) + "' is " + verb + " here");
    }
    std::string conflict = effectConflict(body1, "'" + label1 + "'", body2, "'" + label2 + "'");
    return conflict.empty() || fail(conflict);
  }
};

} // namespace

bool polyc::runLoopFusionPass(Module &module, DiagnosticEngine &diags) {
  Fuser fuser(module, diags);
  return runLoopTransforms(module, LoopTransform::FuseForLoops,
                           [&](const LoopTransform &t) { return fuser.fuse(t); });
}

const Pass polyc::loopFusionPass = {
    "loop-fusion",
    "fuseForLoop: two adjacent loops with the same bounds become one",
    TargetSet::all(), polyc::runLoopFusionPass};
