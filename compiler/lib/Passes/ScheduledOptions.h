//===- ScheduledOptions.h - Reading schedule options in passes --*- C++ -*-===//
//
// Each pass reads the options it owns from the Schedule. Two checks are the
// same for all of them and live here: an option must name a statement with a
// traversal of the right kind, and an option given for a variant (the `dir`
// argument) must reach a variant the traversal has.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_LIB_PASSES_SCHEDULEDOPTIONS_H
#define POLYC_LIB_PASSES_SCHEDULEDOPTIONS_H

#include "polyc/IR/IR.h"
#include "polyc/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"

namespace polyc {

bool hasEdgeTraversal(const Module &module, const std::string &label);
bool hasVertexTraversal(const Module &module, const std::string &label);

/// Reports "'<option>' applies to <kind>, and the statement labelled '<label>'
/// has none" at loc.
void reportNotApplicable(DiagnosticEngine &diags, llvm::SMLoc loc, const char *option,
                         const char *kind, const std::string &label);

/// Where the direction of t was chosen, for notes (invalid when by default).
void noteDirection(const Module &module, const EdgeTraversalExpr &t, DiagnosticEngine &diags);

/// "SparsePush and DensePull".
std::string variantList(const EdgeTraversalExpr &t);

/// The option for one variant of t, or null.
template <typename T>
const Located<T> *optionFor(const PerVariant<T> &option, const VariantPlan &variant) {
  const auto &entry = option[unsigned(variant.variant)];
  return entry ? &*entry : nullptr;
}

/// Errors for each call that set `option` for some variants but for none
/// that t has (a DensePull-only option on a push traversal). A call without
/// `dir` sets every variant at once: it is never in error, even where a
/// later call for one variant (GraphIt's setApply pull_edge_based_load_balance
/// after a general parallelization) overrides it on the variants t has.
template <typename T>
bool checkReachesVariant(const Module &module, const EdgeTraversalExpr &t,
                         const PerVariant<T> &option, const char *optionName,
                         DiagnosticEngine &diags) {
  bool ok = true;
  for (const auto &entry : option) {
    if (!entry)
      continue;
    bool reaches = llvm::any_of(t.variants, [&](const VariantPlan &v) {
      const Located<T> *mine = optionFor(option, v);
      return mine && mine->loc == entry->loc;
    });
    bool setEverywhere = llvm::count_if(option, [&](const auto &other) {
                           return other && other->loc == entry->loc;
                         }) > 1;
    if (reaches || setEverywhere || !ok)
      continue;
    diags.error(entry->loc, llvm::Twine(optionName) + " is given for a variant that '" +
                                t.label + "' does not have: its direction " +
                                spelling(t.direction) + " runs " + variantList(t));
    noteDirection(module, t, diags);
    ok = false;
  }
  return ok;
}

} // namespace polyc

#endif
