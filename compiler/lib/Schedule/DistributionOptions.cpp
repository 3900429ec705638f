//===- DistributionOptions.cpp - Running a program over MPI ranks ---------===//
//
// configDistribution (program-wide), configMessageCombining and
// configCommunication (per edge traversal). The validator checks their values
// and that the per-traversal ones have a configDistribution to refine; how a
// program is distributed is the distribution pass's question
// (docs/distributed.md). Until that pass lands, the rest of polyc ignores them.
//
//===----------------------------------------------------------------------===//
#include "Checker.h"

#include "llvm/ADT/STLExtras.h"

#include <vector>

using namespace polyc;
using namespace polyc::schedule;

namespace {

/// Whether the label of a per-traversal call names an edge traversal:
/// messages only travel along edges. Reported at the label.
bool namesEdgeTraversal(Checker &c, const ScheduleCall &call) {
  auto known = c.labels.find(call.args[0].text);
  if (known == c.labels.end() || (known->second.traits & HasEdgeTraversal))
    return true;
  c.error(call.args[0].loc, "'" + call.function +
                                "' applies to edge traversals, and the statement labelled '" +
                                call.args[0].text + "' has none");
  return false;
}

/// f(label, how) for an edge traversal.
template <typename E>
void traversalOption(Checker &c, const ScheduleCall &call, const char *what,
                     llvm::ArrayRef<OptionValue> values,
                     std::optional<Located<E>> ApplySchedule::*field) {
  ApplySchedule *entry = c.entry(call);
  bool edges = entry && namesEdgeTraversal(c, call);
  auto value = c.option(call, 1, what, values);
  if (edges && value)
    entry->*field = Located<E>{E(*value), call.args[1].loc};
}

} // namespace

// configDistribution(how[, alpha]): alpha is chunk-alpha's α in α·|V_i| + |E_i|,
// read as configNUMAAlpha reads its own. The call sets both, so a later call
// without alpha returns to the default.
void polyc::schedule::checkDistribution(Checker &c, const ScheduleCall &call) {
  auto how = c.option(call, 0, "distribution", distributionValues());
  std::optional<Located<double>> alpha;
  bool ok = true;
  if (call.args.size() > 1) {
    alpha = c.positiveReal(call, 1, "alpha");
    ok = alpha.has_value();
  }
  // (Cartesian owns vertices as chunk-alpha does, with its alpha.)
  if (how && alpha && Distribution(*how) != Distribution::ChunkAlpha &&
      Distribution(*how) != Distribution::Cartesian) {
    c.error(call.args[1].loc, "an alpha applies to the chunk-alpha and cartesian distributions, "
                              "not to '" + call.args[0].text + "'");
    ok = false;
  }
  if (!how || !ok)
    return;
  c.schedule.distribution = Located<Distribution>{Distribution(*how), call.args[0].loc};
  c.schedule.distributionAlpha = alpha;
}

// configMessageCombining(label, how).
void polyc::schedule::checkMessageCombining(Checker &c, const ScheduleCall &call) {
  traversalOption(c, call, "message combining method", messageCombiningValues(),
                  &ApplySchedule::messageCombining);
}

// configCommunication(label, how).
void polyc::schedule::checkCommunication(Checker &c, const ScheduleCall &call) {
  traversalOption(c, call, "communication method", communicationValues(),
                  &ApplySchedule::communication);
}

// After every call, as configDistribution may come later in the schedule.
void polyc::schedule::checkNeedsDistribution(Checker &c) {
  if (c.callsDistribution)
    return;
  struct Use {
    llvm::SMLoc loc;
    const char *function;
    std::string label;
  };
  std::vector<Use> uses;
  for (const auto &[label, s] : c.schedule.byLabel) {
    if (s.messageCombining)
      uses.push_back({s.messageCombining->loc, "configMessageCombining", label});
    if (s.communication)
      uses.push_back({s.communication->loc, "configCommunication", label});
  }
  // In schedule order, not the labels' (one schedule file: one buffer).
  llvm::sort(uses, [](const Use &a, const Use &b) {
    return a.loc.getPointer() < b.loc.getPointer();
  });
  for (const Use &u : uses)
    c.error(u.loc, std::string("'") + u.function + "' configures the distributed lowering of '" +
                       u.label + "', and the schedule has no configDistribution");
}
