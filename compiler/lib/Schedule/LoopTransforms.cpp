//===- LoopTransforms.cpp - fuseForLoop, splitForLoop, fuseApplyFunctions -===//
//
// These rewrite the program before lowering, in schedule order, so the
// validator keeps the set of labels as it is at each point of the schedule:
// a transform's inputs (and the labels nested in them) disappear, its outputs
// appear, with a copy "new:inner" of each "old:inner". Later calls can
// schedule the new labels; calls naming the old ones are told what replaced
// them. See LoopTransform in Schedule.h for the rules.
//
// GraphIt's sources for the 4-argument forms of fuseForLoop and
// fuseApplyFunctions could not be consulted here, so both take 3 arguments:
// the two inputs and the new label.
//
//===----------------------------------------------------------------------===//
#include "Checker.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace polyc;
using namespace polyc::schedule;

namespace {

/// "outer:" for "outer:l1", "" for "l1".
std::string scopeOf(llvm::StringRef label) {
  size_t colon = label.rfind(':');
  return colon == llvm::StringRef::npos ? "" : label.take_front(colon + 1).str();
}

bool isIdentifier(llvm::StringRef s) {
  if (s.empty() || !(llvm::isAlpha(s[0]) || s[0] == '_'))
    return false;
  return llvm::all_of(s, [](char ch) { return llvm::isAlnum(ch) || ch == '_'; });
}

class Transform {
public:
  Transform(Checker &c, const ScheduleCall &call, LoopTransform::Kind kind)
      : c(c), call(call) {
    record.kind = kind;
    record.loc = call.loc;
  }

  /// Argument `index` names a statement with `trait`.
  const LabelInfo *input(unsigned index, unsigned trait) {
    const LabelInfo *info = c.label(call, index);
    if (!info) {
      ok = false;
      return nullptr;
    }
    const std::string &name = call.args[index].text;
    if (!(info->traits & trait)) {
      c.error(call.args[index].loc,
              "'" + call.function + "' takes " +
                  (trait == IsForLoop ? "for loops" : "statements with an edge traversal") +
                  ", and the statement labelled '" + name + "' " +
                  (trait == IsForLoop ? "is not a for loop" : "has none"));
      c.note(info->loc, "'" + name + "' labels this statement");
      ok = false;
      return nullptr;
    }
    for (const Input &other : inputs)
      if (other.name == name) {
        c.error(call.args[index].loc,
                "'" + call.function + "' takes two different statements; both are '" + name + "'");
        ok = false;
        return nullptr;
      }
    if (!inputs.empty() && scopeOf(inputs[0].name) != scopeOf(name)) {
      c.error(call.args[index].loc, "'" + inputs[0].name + "' and '" + name +
                                        "' are in different scopes; '" + call.function +
                                        "' takes statements of the same block");
      ok = false;
      return nullptr;
    }
    inputs.push_back({name, info});
    record.labels.push_back({name, call.args[index].loc});
    return info;
  }

  /// Argument `index` is a new label; the statement it labels gets `traits`
  /// and copies of the labels nested in the inputs.
  void output(unsigned index, unsigned traits) {
    if (!c.expectString(call, index, "a new statement label")) {
      ok = false;
      return;
    }
    const ScheduleArg &arg = call.args[index];
    std::string scope = inputs.empty() ? "" : scopeOf(inputs[0].name);
    if (!isIdentifier(arg.text)) {
      c.error(arg.loc, "'" + arg.text + "' is not a label: a new label is one name (letters, "
                       "digits, '_'), and its statement takes the scope of the ones it replaces" +
                           (scope.empty() ? "" : " ('" + scope + "')"));
      ok = false;
      return;
    }
    std::string scoped = scope + arg.text;
    auto taken = c.labels.find(scoped);
    if (taken != c.labels.end()) {
      c.error(arg.loc, "the label '" + scoped + "' is already taken");
      c.note(taken->second.loc, "'" + scoped + "' labels this statement");
      ok = false;
      return;
    }
    for (const Output &other : outputs)
      if (other.scoped == scoped) {
        c.error(arg.loc, "'" + call.function + "' makes two statements; they need different "
                         "labels, and both are '" + arg.text + "'");
        ok = false;
        return;
      }
    outputs.push_back({scoped, traits});
    record.labels.push_back({arg.text, arg.loc});
    record.outputScopedLabels.push_back(scoped);
  }

  void count(unsigned index) {
    auto n = c.number(call, index, "iteration count", kNonNegative);
    if (n)
      record.counts.push_back(*n);
    else
      ok = false;
  }

  /// When everything checked: reports labels that the inputs' disappearance
  /// would leave with options nobody applies, then updates the known labels
  /// and records the transform.
  void commit() {
    if (!ok)
      return;
    // The labels nested in the inputs, as suffixes (":s1"), with their info.
    std::vector<std::pair<std::string, LabelInfo>> nested;
    std::vector<std::string> consumed;
    for (const Input &in : inputs) {
      consumed.push_back(in.name);
      for (const auto &[name, info] : c.labels)
        if (llvm::StringRef(name).starts_with(in.name + ":")) {
          consumed.push_back(name);
          std::string suffix = name.substr(in.name.size());
          auto same = llvm::find_if(nested, [&](auto &n) { return n.first == suffix; });
          if (same != nested.end() && outputs.size() == 1) {
            c.error(call.loc, "'" + call.function + "' would make two statements labelled '" +
                                  outputs[0].scoped + suffix + "'");
            c.note(same->second.loc, "one is this statement");
            c.note(info.loc, "the other is this statement");
            ok = false;
          }
          nested.push_back({suffix, info});
        }
    }
    for (const std::string &name : consumed)
      if (auto set = c.firstOption.find(name); set != c.firstOption.end()) {
        c.error(call.loc, "'" + call.function + "' replaces the statement labelled '" + name +
                              "', so the options given for it earlier would apply to nothing; "
                              "schedule the new labels after this call");
        c.note(set->second, "options for '" + name + "' are given here");
        ok = false;
      }
    if (!ok)
      return;
    for (const std::string &name : consumed) {
      c.labels.erase(name);
      c.removed[name] = RemovedLabel{call.function, call.loc};
    }
    for (const Output &out : outputs) {
      c.labels[out.scoped] = LabelInfo{out.traits, call.loc, nullptr};
      c.removed.erase(out.scoped);
      for (const auto &[suffix, info] : nested) {
        c.labels[out.scoped + suffix] = info;
        c.removed.erase(out.scoped + suffix);
      }
    }
    c.schedule.loopTransforms.push_back(std::move(record));
  }

  Checker &c;
  const ScheduleCall &call;
  bool ok = true;
  struct Input {
    std::string name;
    const LabelInfo *info;
  };
  struct Output {
    std::string scoped;
    unsigned traits;
  };
  std::vector<Input> inputs;
  std::vector<Output> outputs;
  LoopTransform record;
};

} // namespace

// The bounds of a for loop when both are integer literals.
std::optional<std::pair<int64_t, int64_t>> polyc::schedule::literalRange(const LabelInfo &info) {
  auto *loop = llvm::dyn_cast_or_null<ForStmt>(info.stmt);
  if (!loop)
    return std::nullopt;
  auto *lo = llvm::dyn_cast<IntLitExpr>(loop->lo.get());
  auto *hi = llvm::dyn_cast<IntLitExpr>(loop->hi.get());
  if (!lo || !hi)
    return std::nullopt;
  return std::make_pair(lo->value, hi->value);
}

// fuseForLoop(l1, l2, fused): one loop running both bodies.
void polyc::schedule::checkFuseForLoop(Checker &c, const ScheduleCall &call) {
  Transform t(c, call, LoopTransform::FuseForLoops);
  const LabelInfo *first = t.input(0, IsForLoop);
  const LabelInfo *second = t.input(1, IsForLoop);
  t.output(2, IsForLoop);
  if (first && second) {
    auto a = literalRange(*first), b = literalRange(*second);
    if (a && b && *a != *b) {
      c.error(call.args[1].loc,
              "'" + call.args[0].text + "' runs " + llvm::Twine(a->first) + ":" +
                  llvm::Twine(a->second) + " and '" + call.args[1].text + "' runs " +
                  llvm::Twine(b->first) + ":" + llvm::Twine(b->second) +
                  "; fused loops must run the same iterations");
      t.ok = false;
    }
  }
  t.commit();
}

// splitForLoop(loop, first, second, n1, n2): `first` runs the loop's first n1
// iterations, `second` the n2 after them.
void polyc::schedule::checkSplitForLoop(Checker &c, const ScheduleCall &call) {
  Transform t(c, call, LoopTransform::SplitForLoop);
  const LabelInfo *loop = t.input(0, IsForLoop);
  t.output(1, IsForLoop);
  t.output(2, IsForLoop);
  t.count(3);
  t.count(4);
  if (loop && t.ok) {
    int64_t n1 = t.record.counts[0].value, n2 = t.record.counts[1].value, trips, sum;
    auto range = literalRange(*loop);
    // (Bounds and counts so large that the arithmetic overflows are left to the pass.)
    if (range && !llvm::SubOverflow(range->second, range->first, trips) &&
        !llvm::AddOverflow(n1, n2, sum)) {
      trips = std::max<int64_t>(0, trips);
      if (sum != trips) {
        c.error(call.args[3].loc, "'" + call.args[0].text + "' runs " + llvm::Twine(trips) +
                                      " iterations (" + llvm::Twine(range->first) + ":" +
                                      llvm::Twine(range->second) + "), but the split loops run " +
                                      llvm::Twine(n1) + " + " + llvm::Twine(n2));
        c.note(loop->loc, "'" + call.args[0].text + "' labels this loop");
        t.ok = false;
      }
    }
  }
  t.commit();
}

// fuseApplyFunctions(s1, s2, fused): one traversal applying both functions.
void polyc::schedule::checkFuseApplyFunctions(Checker &c, const ScheduleCall &call) {
  Transform t(c, call, LoopTransform::FuseApplyFunctions);
  t.input(0, HasEdgeTraversal);
  t.input(1, HasEdgeTraversal);
  t.output(2, HasEdgeTraversal);
  t.commit();
}
