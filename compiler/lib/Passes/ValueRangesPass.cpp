//===- ValueRangesPass.cpp - int arithmetic that cannot overflow ----------===//
//
// An `int` `+`, `-`, `*` or negation whose result does not fit stops the
// program (EmitCheckedArithmetic.cpp): a compare and a branch, and a call the
// compiler cannot move, in every evaluation: a cost in a hot loop such as
// Afforest's link, whose p1 and p2 are labels, vertex ids in [0, n)
// (docs/benchmark-log/2026-11-28-2105-afforest-value-ranges.md). This pass finds
// the operations whose operands' ranges prove that the result fits and
// records them (Module::overflowFreeArithmetic); the emitter writes them as
// plain C++ operators.
//
// The ranges are intervals, computed for every int or vertex variable,
// parameter and vector as the hull of every value the program may store in
// it, whatever the order or the thread (flow-insensitive), to a fixed point:
//   - a parameter that every traversal applying its function hands a vertex
//     (TraversalVertices.h) is in [0, 2^31 - 2], polyrt's vertex ids; every
//     other parameter may be anything;
//   - a variable or vector holds its initial value (0 when it has none) and
//     every value assigned to it: `x = e` adds e's range, `x min= e` and
//     `x max= e` too, `x += e` (and -=, *=) the hull of the result;
//     compareAndSwap(x, i, a, b) and writeMin(x, i, b) add b's;
//   - a checked operation's result is cut to int's range: where it would
//     not fit, the program stops;
//   - an extern variable, and a vector named other than as `x[i]`, the
//     receiver of a method that only reads it (`x.sum()`) or the vector
//     compareAndSwap or writeMin updates (passed to a function, a priority
//     queue, loaded, assigned whole), may hold anything;
//   - a range that still grows after a few rounds is widened to int's.
// An operation whose operands may hold anything stays checked, as does every
// division (its divisor may be zero).
//
// A degree, `edges.getOutDegree(v)`, is an int whose conversion checks that
// it fits. Where it is only compared with an int (`i < edges.getOutDegree(v)`
// in Afforest's sampling, for every vertex), the pass records it
// (Module::comparedOutDegrees) and the emitter compares the 64-bit degree
// itself (polyrt::comparedOutDegree), which is exact and needs no check.
//
// One relation intervals alone miss is GAPBS's branch-free minimum, which
// Afforest uses: after `var high = max(x, y)`, `y - high` is at most 0 and
// `x + (y - high)` is min(x, y). Within one block, from that declaration to
// the next statement that assigns x, y or high, the pass knows it (and the
// same for min).
//
//===----------------------------------------------------------------------===//
#include "polyc/IR/Clone.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"
#include "polyc/Passes/TraversalVertices.h"

#include "llvm/Support/Casting.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <set>

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;
using llvm::isa;

namespace {

constexpr int64_t kIntMin = std::numeric_limits<int32_t>::min();
constexpr int64_t kIntMax = std::numeric_limits<int32_t>::max();
/// polyrt's largest vertex id: a graph has at most 2^31 - 1 vertices.
constexpr int64_t kLargestVertex = kIntMax - 1;
/// Rounds after which a range that still grows is widened to int's.
constexpr int kRoundsBeforeWidening = 4;
/// Widening bounds the rounds; this only guards against a mistake.
constexpr int kMostRounds = 64;

/// The values an expression or a variable may hold; empty while no store of
/// it has been met yet.
struct Range {
  bool empty = true;
  int64_t lo = 0, hi = 0;

  static Range of(int64_t lo, int64_t hi) { return {false, lo, hi}; }
  static Range anyInt() { return of(kIntMin, kIntMax); }
  bool fitsInt() const { return !empty && lo >= kIntMin && hi <= kIntMax; }
  bool operator==(const Range &) const = default;
};

/// The hull of a and b.
Range hull(Range a, Range b) {
  if (a.empty)
    return b;
  if (b.empty)
    return a;
  return Range::of(std::min(a.lo, b.lo), std::max(a.hi, b.hi));
}

/// Whether values of this type are the 32-bit signed ints the pass tracks:
/// int and element (vertex) values.
bool isTracked(const Type &type) {
  return type.kind == Type::Int || type.kind == Type::Element;
}

bool isTrackedVector(const Type &type) {
  return type.kind == Type::Vector && type.value && isTracked(*type.value);
}

/// `var m = max(x, y)` (or min), x and y locals or parameters: no other
/// thread changes them.
struct OrderFact {
  bool isMax = true;
  const Decl *x = nullptr, *y = nullptr;
};

const Decl *localOrParam(const Expr *e) {
  auto *name = dyn_cast_or_null<NameExpr>(e);
  if (!name || !name->decl || !isTracked(name->type))
    return nullptr;
  if (isa<ParamDecl>(name->decl))
    return name->decl;
  auto *var = dyn_cast<VarDecl>(name->decl);
  return var && var->storage == VarDecl::Local ? var : nullptr;
}

class ValueRanges {
public:
  explicit ValueRanges(Module &module) : module(module), program(*module.program) {}

  void run() {
    seed();
    // A variable the walk has not met yet holds nothing so far; once the
    // ranges settle, one it never met (none should be left) may hold
    // anything, and they settle again before anything is recorded.
    if (!settle())
      return;
    unmetMayHoldAnything = true;
    if (!settle())
      return;
    recording = true;
    walkProgram();
    if (changed) // cannot happen after settle(); recording nothing is safe
      module.overflowFreeArithmetic.clear();
  }

private:
  Module &module;
  const Program &program;
  /// Every tracked variable's and parameter's values; a tracked vector's
  /// elements'.
  std::map<const Decl *, Range> ranges;
  /// Those fixed before the walk: they may hold anything, or are vertices.
  std::set<const Decl *> fixed;
  bool widening = false, changed = false, recording = false, unmetMayHoldAnything = false;

  /// Walks until a round changes no range.
  bool settle() {
    for (int round = 0; round < kMostRounds; ++round) {
      widening = round >= kRoundsBeforeWidening;
      changed = false;
      walkProgram();
      if (!changed)
        return true;
    }
    return false;
  }

  void fix(const Decl *d, Range r) {
    ranges[d] = r;
    fixed.insert(d);
  }

  /// Parameters, extern variables, and vectors an untracked use may change.
  /// C++ code reaches the program only through its extern and exported
  /// declarations (docs/language.md): the globals in NS::detail are the
  /// program's alone.
  void seed() {
    const std::map<const ParamDecl *, InRangeVertex> vertices = traversalVertexParams(module);
    for (const auto &decl : program.decls) {
      if (auto *func = dyn_cast<FuncDecl>(decl.get())) {
        for (const auto *params : {&func->boundParams, &func->params})
          for (const auto &p : *params)
            fix(p.get(), vertices.count(p.get()) ? Range::of(0, kLargestVertex) : Range::anyInt());
      } else if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->storage == VarDecl::Extern) {
        fix(var, Range::anyInt());
      }
    }
    for (const Decl *vector : untrackedVectors())
      fix(vector, Range::anyInt());
  }

  /// Vectors named other than as `x[i]`, a read-only method's receiver or
  /// the vector compareAndSwap or writeMin updates.
  std::set<const Decl *> untrackedVectors() {
    std::set<const Expr *> tracked;
    std::vector<const NameExpr *> names;
    auto visit = [&](Expr &e) {
      if (auto *index = dyn_cast<IndexExpr>(&e))
        tracked.insert(index->base.get());
      else if (auto *method = dyn_cast<MethodCallExpr>(&e);
               method && isReadOnlyMethod(method->methodKind))
        tracked.insert(method->receiver.get());
      else if (auto *call = dyn_cast<CallExpr>(&e); call && updatesVectorElement(*call))
        tracked.insert(call->args[0].get());
      else if (auto *name = dyn_cast<NameExpr>(&e); name && isTrackedVector(name->type))
        names.push_back(name);
    };
    forEachExpr(visit);
    std::set<const Decl *> untracked;
    for (const NameExpr *name : names)
      if (!tracked.count(name))
        untracked.insert(name->decl);
    return untracked;
  }

  /// Calls fn on every expression of the program: function bodies and
  /// globals' initialisers.
  template <typename Fn> void forEachExpr(Fn &&fn) {
    for (const auto &decl : program.decls) {
      if (auto *func = dyn_cast<FuncDecl>(decl.get()))
        forEachExprIn(func->body, fn);
      else if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->init)
        forEachExprBelow(*var->init, fn);
    }
  }

  /// Adds r to what d may hold.
  void store(const Decl *d, Range r) {
    if (!d || fixed.count(d) || r.empty)
      return;
    Range &current = ranges[d];
    Range joined = hull(current, r);
    if (joined == current)
      return;
    if (widening && !current.empty) {
      if (joined.lo < current.lo)
        joined.lo = kIntMin;
      if (joined.hi > current.hi)
        joined.hi = kIntMax;
    }
    current = joined;
    changed = true;
  }

  void walkProgram() {
    for (const auto &decl : program.decls) {
      if (auto *func = dyn_cast<FuncDecl>(decl.get())) {
        if (func->result)
          store(func->result.get(), Range::of(0, 0)); // results start zeroed
        walkBlock(func->body);
      } else if (auto *var = dyn_cast<VarDecl>(decl.get())) {
        declared(*var, {});
      }
    }
  }

  using Facts = std::map<const Decl *, OrderFact>;

  /// A declaration's initial value, or 0 when it has none (vectors: every
  /// element's).
  void declared(const VarDecl &var, const Facts &facts) {
    if (!isTracked(var.type) && !isTrackedVector(var.type)) {
      if (var.init)
        eval(*var.init, facts);
      return;
    }
    store(&var, var.init ? eval(*var.init, facts) : Range::of(0, 0));
  }

  void walkBlock(const Block &block) {
    Facts facts;
    for (const StmtPtr &s : block)
      walkStmt(*s, facts);
  }

  /// Ends the facts about what s assigns, at any depth.
  static void forgetAssignedIn(Stmt &s, Facts &facts) {
    std::set<const Decl *> assigned;
    collectAssigned(s, assigned);
    std::erase_if(facts, [&](const auto &fact) {
      return assigned.count(fact.first) || assigned.count(fact.second.x) ||
             assigned.count(fact.second.y);
    });
  }

  static void collectAssigned(Stmt &s, std::set<const Decl *> &assigned) {
    auto one = [&](Stmt &t) {
      if (auto *a = dyn_cast<AssignStmt>(&t)) {
        if (auto *name = dyn_cast<NameExpr>(a->target.get()))
          assigned.insert(name->decl);
      } else if (auto *v = dyn_cast<VarDeclStmt>(&t)) {
        assigned.insert(v->decl.get());
      } else if (auto *f = dyn_cast<ForStmt>(&t)) {
        assigned.insert(f->var.get());
      }
    };
    one(s);
    forEachNestedBlock(s, [&](Block &b) { forEachStmtIn(b, one); });
  }

  void walkStmt(Stmt &s, Facts &facts) {
    if (auto *v = dyn_cast<VarDeclStmt>(&s)) {
      declared(*v->decl, facts);
      forgetAssignedIn(s, facts);
      if (auto *call = dyn_cast_or_null<CallExpr>(v->decl->init.get());
          call && !call->func && (call->builtin == Builtin::Max || call->builtin == Builtin::Min) &&
          call->args.size() == 2 && v->decl->storage == VarDecl::Local && isTracked(v->decl->type)) {
        const Decl *x = localOrParam(call->args[0].get()), *y = localOrParam(call->args[1].get());
        if (x && y && x != y && x != v->decl.get() && y != v->decl.get())
          facts[v->decl.get()] = {call->builtin == Builtin::Max, x, y};
      }
      return;
    }
    if (auto *a = dyn_cast<AssignStmt>(&s)) {
      assigned(*a, facts);
      forgetAssignedIn(s, facts);
      return;
    }
    // Forgotten before the statement's own expressions: a loop's condition
    // is evaluated again after its body, which may assign what a fact is
    // about.
    forgetAssignedIn(s, facts);
    if (auto *f = dyn_cast<ForStmt>(&s)) {
      Range lo = eval(*f->lo, facts), hi = eval(*f->hi, facts);
      std::set<const Decl *> inBody;
      for (const StmtPtr &t : f->body)
        collectAssigned(*t, inBody);
      if (inBody.count(f->var.get()))
        store(f->var.get(), Range::anyInt());
      else if (!lo.empty && !hi.empty)
        // `for (i = lo; i < hi; ++i)`: i < hi <= int's largest.
        store(f->var.get(), Range::of(lo.lo, std::max(lo.hi, hi.hi - 1)));
    } else {
      forEachDirectExpr(s, [&](ExprPtr &e) { eval(*e, facts); });
    }
    forEachNestedBlock(s, [&](Block &b) { walkBlock(b); });
  }

  void assigned(AssignStmt &a, const Facts &facts) {
    Range value = eval(*a.value, facts);
    const Decl *target = nullptr;
    Range old;
    if (auto *name = dyn_cast<NameExpr>(a.target.get())) {
      target = name->decl;
      old = rangeOf(target);
    } else if (auto *index = dyn_cast<IndexExpr>(a.target.get())) {
      eval(*index->index, facts);
      auto *base = dyn_cast<NameExpr>(index->base.get());
      if (!base || !isTrackedVector(base->type))
        return;
      target = base->decl;
      old = rangeOf(target);
    }
    if (!target || (!isTracked(a.target->type) && !isTrackedVector(a.target->type)))
      return;
    if (isTrackedVector(a.target->type)) { // the whole vector
      store(target, Range::anyInt());
      return;
    }
    switch (a.op) {
    case AssignOp::Assign:
    case AssignOp::Min:
    case AssignOp::Max: store(target, value); break;
    case AssignOp::Add:
    case AssignOp::Sub:
    case AssignOp::Mul: {
      if (a.target->type.kind != Type::Int) { // unchecked: it may wrap
        store(target, Range::anyInt());
        break;
      }
      BinaryOp op = a.op == AssignOp::Add ? BinaryOp::Add
                    : a.op == AssignOp::Sub ? BinaryOp::Sub
                                            : BinaryOp::Mul;
      store(target, clampToInt(arithmetic(op, old, value)));
      break;
    }
    default: store(target, Range::anyInt()); break;
    }
  }

  /// The values a checked int operation leaves: the program stops where the
  /// result would not fit.
  static Range clampToInt(Range r) {
    if (r.empty)
      return r;
    Range clamped = Range::of(std::max(r.lo, kIntMin), std::min(r.hi, kIntMax));
    return clamped.lo <= clamped.hi ? clamped : Range::anyInt();
  }

  static Range arithmetic(BinaryOp op, Range a, Range b) {
    if (a.empty || b.empty)
      return {};
    switch (op) {
    case BinaryOp::Add: return Range::of(a.lo + b.lo, a.hi + b.hi);
    case BinaryOp::Sub: return Range::of(a.lo - b.hi, a.hi - b.lo);
    case BinaryOp::Mul: {
      int64_t corners[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
      return Range::of(*std::min_element(std::begin(corners), std::end(corners)),
                       *std::max_element(std::begin(corners), std::end(corners)));
    }
    default: return Range::anyInt();
    }
  }

  Range rangeOf(const Decl *d) {
    auto it = ranges.find(d);
    if (it == ranges.end())
      return unmetMayHoldAnything ? Range::anyInt() : Range();
    return it->second;
  }

  /// `y - m` with m = max(x, y) or min(x, y) by a fact: the fact, and x.
  const OrderFact *differenceFact(const BinaryExpr &b, const Facts &facts,
                                  const Decl **other) const {
    if (b.op != BinaryOp::Sub)
      return nullptr;
    const Decl *y = localOrParam(b.lhs.get()), *m = localOrParam(b.rhs.get());
    auto it = m ? facts.find(m) : facts.end();
    if (!y || it == facts.end() || (it->second.x != y && it->second.y != y))
      return nullptr;
    *other = it->second.x == y ? it->second.y : it->second.x;
    return &it->second;
  }

  /// `int < edges.getOutDegree(v)` (any comparison, either side): the
  /// comparison is exact on the 64-bit degree.
  void recordComparedDegrees(const BinaryExpr &b) {
    for (auto [degree, other] :
         {std::pair{b.lhs.get(), b.rhs.get()}, std::pair{b.rhs.get(), b.lhs.get()}}) {
      auto *query = dyn_cast<MethodCallExpr>(degree);
      if (query && query->methodKind == Method::GetOutDegree && isTracked(other->type))
        module.comparedOutDegrees.insert(query);
    }
  }

  Range binary(BinaryExpr &b, const Facts &facts) {
    Range lhs = eval(*b.lhs, facts), rhs = eval(*b.rhs, facts);
    if (isComparison(b.op) && recording)
      recordComparedDegrees(b);
    if (b.op != BinaryOp::Add && b.op != BinaryOp::Sub && b.op != BinaryOp::Mul)
      return Range::anyInt();
    // Only int arithmetic is checked (EmitCheckedArithmetic.cpp): the
    // ranges below hold for it alone.
    if (b.type.kind != Type::Int || !isTracked(b.lhs->type) || !isTracked(b.rhs->type))
      return Range::anyInt();
    if (lhs.empty || rhs.empty)
      return {};
    Range result = arithmetic(b.op, lhs, rhs);
    const Decl *x = nullptr;
    if (const OrderFact *f = differenceFact(b, facts, &x)) {
      // y - max(x, y) = min(y - x, 0); y - min(x, y) = max(y - x, 0).
      Range yMinusX = arithmetic(BinaryOp::Sub, lhs, rangeOf(x));
      if (!yMinusX.empty)
        result = f->isMax ? Range::of(std::min<int64_t>(yMinusX.lo, 0), 0)
                          : Range::of(0, std::max<int64_t>(yMinusX.hi, 0));
    } else if (b.op == BinaryOp::Add) {
      // x + (y - m): min(x, y) when m = max(x, y), max(x, y) when m = min.
      for (auto [xSide, difference] : {std::pair{b.lhs.get(), b.rhs.get()},
                                       std::pair{b.rhs.get(), b.lhs.get()}}) {
        auto *d = dyn_cast<BinaryExpr>(difference);
        const Decl *other = nullptr;
        const OrderFact *f = d ? differenceFact(*d, facts, &other) : nullptr;
        if (!f || other != localOrParam(xSide))
          continue;
        Range rx = rangeOf(other), ry = rangeOf(localOrParam(d->lhs.get()));
        if (rx.empty || ry.empty)
          continue;
        result = f->isMax ? Range::of(std::min(rx.lo, ry.lo), std::min(rx.hi, ry.hi))
                          : Range::of(std::max(rx.lo, ry.lo), std::max(rx.hi, ry.hi));
        break;
      }
    }
    if (!result.fitsInt())
      return clampToInt(result);
    if (recording)
      module.overflowFreeArithmetic[&b] = {result.lo, result.hi};
    return result;
  }

  Range eval(Expr &e, const Facts &facts) {
    switch (e.getKind()) {
    case Expr::IntLit: {
      // A literal of a wider type (uint64) may not be an int at all.
      Range literal = Range::of(cast<IntLitExpr>(e).value, cast<IntLitExpr>(e).value);
      return literal.fitsInt() ? literal : Range::anyInt();
    }
    case Expr::Name: {
      auto *name = cast<NameExpr>(&e);
      if (!name->decl || !isTracked(e.type))
        return Range::anyInt();
      return rangeOf(name->decl);
    }
    case Expr::Index: {
      auto &index = cast<IndexExpr>(e);
      eval(*index.index, facts);
      auto *base = dyn_cast<NameExpr>(index.base.get());
      if (!base || !isTrackedVector(base->type))
        return Range::anyInt();
      return rangeOf(base->decl);
    }
    case Expr::Unary: {
      auto &u = cast<UnaryExpr>(e);
      Range operand = eval(*u.operand, facts);
      if (u.op == UnaryOp::Not || e.type.kind != Type::Int || !isTracked(u.operand->type))
        return Range::anyInt();
      if (u.op == UnaryOp::Plus || operand.empty)
        return operand;
      Range negated = Range::of(-operand.hi, -operand.lo);
      if (!negated.fitsInt())
        return clampToInt(negated);
      // A negated literal always fits; the emitter never checks it.
      if (recording && !isa<IntLitExpr>(*u.operand))
        module.overflowFreeArithmetic[&e] = {negated.lo, negated.hi};
      return negated;
    }
    case Expr::Binary: return binary(cast<BinaryExpr>(e), facts);
    case Expr::Call: {
      auto &call = cast<CallExpr>(e);
      std::vector<Range> args;
      for (ExprPtr &a : call.args)
        args.push_back(eval(*a, facts));
      if (call.functor)
        eval(*call.functor, facts);
      if (call.func)
        return Range::anyInt();
      if (updatesVectorElement(call)) {
        auto *base = dyn_cast<NameExpr>(call.args[0].get());
        if (base && isTrackedVector(base->type))
          store(base->decl, args.back());
        return Range::anyInt();
      }
      if ((call.builtin == Builtin::Max || call.builtin == Builtin::Min) && args.size() == 2 &&
          isTracked(call.args[0]->type) && isTracked(call.args[1]->type)) {
        if (args[0].empty || args[1].empty)
          return {};
        bool isMax = call.builtin == Builtin::Max;
        auto pick = [&](int64_t a, int64_t b) { return isMax ? std::max(a, b) : std::min(a, b); };
        return Range::of(pick(args[0].lo, args[1].lo), pick(args[0].hi, args[1].hi));
      }
      return Range::anyInt();
    }
    default:
      forEachOperand(e, [&](ExprPtr &operand) { eval(*operand, facts); });
      if (auto *query = dyn_cast<MethodCallExpr>(&e);
          query && query->methodKind == Method::GetOutDegree)
        return Range::of(0, kIntMax); // outDegreeAsInt stops on a larger degree
      return Range::anyInt();
    }
  }
};

} // namespace

bool polyc::runValueRangesPass(Module &module, DiagnosticEngine &) {
  module.overflowFreeArithmetic.clear();
  module.comparedOutDegrees.clear();
  ValueRanges(module).run();
  return true;
}

const Pass polyc::valueRangesPass = {
    "value-ranges",
    "int arithmetic whose operands' ranges prove it fits skips the overflow check",
    TargetSet::all(), polyc::runValueRangesPass};
