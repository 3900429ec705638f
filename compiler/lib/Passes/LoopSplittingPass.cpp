//===- LoopSplittingPass.cpp - splitForLoop ------------------------------===//
//
// splitForLoop("l", "l1", "l2", n1, n2) turns the loop labelled l,
//     #l# for i in a : b  body  end
// into two loops, the first running the first n1 iterations:
//     #l1# for i in a : min(a + n1, b)  body  end
//     #l2# for i in a + n1 : b          body' end
// where body' is a copy of body whose labels are rewritten ("l:s1" becomes
// "l2:s1", and "l1:s1" in the first loop), so that later schedule calls can
// give the two copies of a traversal different schedules (GraphIt's use: the
// first round of PageRank-Delta runs in another direction).
//
// GraphIt means n1 + n2 to be the trip count. With literal bounds the
// validator checks that (and so does this pass), and the bounds fold to
// literals (`1 : 2` and `2 : 11`). Otherwise the trip count is known only at
// run time and n2 is not used: the two loops above run exactly the
// iterations of the original one for any trip count (none of them twice,
// since a + n1 is where the first stops unless b comes first, and then the
// second runs none).
//
// The loop must leave by its bounds (a `break` in the first part would not
// skip the second), keep its loop variable, and have bounds without side
// effects that the body does not change, since the split loops evaluate `a`
// and `b` again.
//
//===----------------------------------------------------------------------===//
#include "LoopChecks.h"
#include "polyc/Passes/Pass.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace polyc;
using llvm::dyn_cast;

namespace {

/// `a + n`, folded when a is a constant.
ExprPtr plus(const Expr &a, int64_t n) {
  Type type = a.type.isIntegral() ? a.type : Type(Type::Int);
  ExprPtr out;
  std::optional<int64_t> value = constantValue(a);
  if (value)
    value = llvm::checkedAdd(*value, n);
  if (value) {
    out = std::make_unique<IntLitExpr>(a.loc, *value);
  } else {
    DeclMap none;
    auto count = std::make_unique<IntLitExpr>(a.loc, n);
    count->type = Type(Type::Int);
    out = std::make_unique<BinaryExpr>(a.loc, BinaryOp::Add, cloneExpr(a, none),
                                       std::move(count));
  }
  out->type = type;
  return out;
}

/// `min(x, b)` as the built-in min.
ExprPtr minimum(ExprPtr x, ExprPtr b) {
  Type type = promote(x->type, b->type);
  llvm::SMLoc loc = x->loc;
  std::vector<ExprPtr> args;
  args.push_back(std::move(x));
  args.push_back(std::move(b));
  auto call = std::make_unique<CallExpr>(loc, Builtin::Min, std::move(args));
  call->type = type;
  return call;
}

class Splitter {
public:
  Splitter(Module &module, DiagnosticEngine &diags) : module(module), diags(diags) {}

  /// Returns false after reporting an error.
  bool split(const LoopTransform &t) {
    const std::string &label = t.labels[0].value;
    TransformErrors errors{diags, "cannot split '" + label + "'", t.loc};
    StmtPosition pos = errors.find(*module.program, t.labels[0]);
    if (!pos.block)
      return false;
    auto *loop = dyn_cast<ForStmt>(pos.stmt());
    if (!loop)
      return errors.fail("it does not label a for loop", pos.stmt()->loc,
                         "'" + label + "' labels this statement");
    if (t.counts.size() != 2 || t.counts[0].fromArgv() || t.counts[1].fromArgv() ||
        t.counts[0].value < 0 || t.counts[1].value < 0)
      return errors.fail("the iteration counts must be non-negative integers");
    AccessAnalysis analysis(*module.program);
    if (!checkLoopShape(*loop, analysis, /*allowReturn=*/true, errors))
      return false;

    int64_t n1 = t.counts[0].value, n2 = t.counts[1].value;
    auto lo = constantValue(*loop->lo), hi = constantValue(*loop->hi);
    // Bounds or counts too large to add up are left to the general form.
    std::optional<int64_t> span = lo && hi ? llvm::checkedSub(*hi, *lo) : std::nullopt;
    std::optional<int64_t> split = llvm::checkedAdd(n1, n2);
    bool literal = span && split && llvm::checkedAdd(*lo, n1);
    if (literal) {
      int64_t trips = std::max<int64_t>(0, *span);
      if (*split != trips)
        return errors.fail("it runs " + std::to_string(trips) +
                               " iterations, but the split gives it " + std::to_string(n1) +
                               " + " + std::to_string(n2) + " = " + std::to_string(*split),
                           startLoc(*loop->lo), "the loop's bounds are here");
    }

    std::string first = outputLabel(t, 0), second = outputLabel(t, 1);
    DeclMap map;
    StmtPtr copy = cloneStmt(*loop, map);
    auto &secondLoop = llvm::cast<ForStmt>(*copy);
    // First loop: a : min(a + n1, b), or the folded literal.
    ExprPtr end = plus(*loop->lo, n1);
    loop->hi = literal ? std::move(end) : minimum(std::move(end), std::move(loop->hi));
    // Second loop: a + n1 : b.
    secondLoop.lo = plus(*secondLoop.lo, n1);
    relabel(*loop, label, first, first);
    relabel(secondLoop, label, second, second);
    pos.block->insert(pos.block->begin() + pos.index + 1, std::move(copy));
    return true;
  }

private:
  Module &module;
  DiagnosticEngine &diags;
};

} // namespace

bool polyc::runLoopSplittingPass(Module &module, DiagnosticEngine &diags) {
  Splitter splitter(module, diags);
  return runLoopTransforms(module, LoopTransform::SplitForLoop,
                           [&](const LoopTransform &t) { return splitter.split(t); });
}

const Pass polyc::loopSplittingPass = {
    "loop-splitting",
    "splitForLoop: a loop becomes two, each with its own labels",
    TargetSet::all(), polyc::runLoopSplittingPass};
