//===- LeakFreeLexer.h - ANTLR's lexer simulator, without its leak -*- C++ -*-===//
//
// ANTLR 4.9's LexerATNSimulator::computeTargetState drops the configuration
// set it computed, without deleting it, when no configuration survives the
// input symbol and a semantic predicate was involved. GraphIt's lexer has
// predicates (`min=` and `max=` are one token except before another `=`), so
// lexing `min==` leaked 368 bytes (found by polyc-fuzz; test/Fuzz/min-eq-eq.gt).
// LeakFreeLexerSimulator is the same function with the set owned until the
// DFA takes it; LeakFreeLexer<GeneratedLexer> installs it.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_FRONTEND_LEAKFREELEXER_H
#define POLYC_FRONTEND_LEAKFREELEXER_H

#include "SharedPredictionCaches.h"

#include "antlr4-runtime.h"

#include <memory>

namespace polyc {

class LeakFreeLexerSimulator : public antlr4::atn::LexerATNSimulator {
public:
  using antlr4::atn::LexerATNSimulator::LexerATNSimulator;

protected:
  antlr4::dfa::DFAState *computeTargetState(antlr4::CharStream *input, antlr4::dfa::DFAState *s,
                                            size_t t) override {
    auto reach = std::make_unique<antlr4::atn::OrderedATNConfigSet>();
    getReachableConfigSet(input, s->configs.get(), reach.get(), t);
    if (reach->isEmpty()) {
      // Nowhere to go on t. Without predicates that is worth remembering;
      // with them the next input may differ.
      if (!reach->hasSemanticContext)
        addDFAEdge(s, t, ERROR.get());
      return ERROR.get();
    }
    // The DFA owns the set from here (addDFAState keeps it or deletes it).
    return addDFAEdge(s, t, reach.release());
  }
};

/// A generated lexer that simulates with LeakFreeLexerSimulator.
template <typename GeneratedLexer> class LeakFreeLexer : public GeneratedLexer {
public:
  explicit LeakFreeLexer(antlr4::CharStream *input) : GeneratedLexer(input) {
    // The generated destructor deletes whichever simulator is installed.
    delete this->_interpreter;
    this->_interpreter =
        new LeakFreeLexerSimulator(this, this->getATN(), Caches::decisionDFAs(this->getATN()),
                                   Caches::contextCache());
  }

private:
  using Caches = SharedPredictionCaches<GeneratedLexer>;
};

} // namespace polyc

#endif
