//===- SharedPredictionCaches.h - DFA tables shared per grammar -*- C++ -*-===//
//
// A recognizer that installs its own ATN simulator needs the DFA tables and
// context cache that the generated recognizer keeps private. One set per
// Recognizer type, shared by all its instances, as the generated code does.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_LIB_FRONTEND_SHAREDPREDICTIONCACHES_H
#define POLYC_LIB_FRONTEND_SHAREDPREDICTIONCACHES_H

#include "antlr4-runtime.h"

#include <vector>

namespace polyc {

template <typename Recognizer> struct SharedPredictionCaches {
  static std::vector<antlr4::dfa::DFA> &decisionDFAs(const antlr4::atn::ATN &atn) {
    static std::vector<antlr4::dfa::DFA> dfas = [&] {
      std::vector<antlr4::dfa::DFA> v;
      v.reserve(atn.getNumberOfDecisions());
      for (size_t i = 0; i < atn.getNumberOfDecisions(); ++i)
        v.emplace_back(atn.getDecisionState(i), i);
      return v;
    }();
    return dfas;
  }
  static antlr4::atn::PredictionContextCache &contextCache() {
    static antlr4::atn::PredictionContextCache cache;
    return cache;
  }
};

} // namespace polyc

#endif
