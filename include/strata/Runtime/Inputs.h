//===- Inputs.h - Tensor literals and input specs of the tools --*- C++ -*-===//
//
// The `--input=` syntax shared by strata-run and strata-bench (and usable
// by any embedder), and the flag parsing both tools use:
//   @x.npy                 a .npy file
//   2x3xf32=1,2,3,4,5,6    a literal: shape, element type, values (comma or
//                          space separated; one value fills every element)
//   f32=3.5                a rank-0 tensor
//   i64=7                  an I64 argument (when the signature wants one)
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_INPUTS_H
#define STRATA_RUNTIME_INPUTS_H

#include "strata/Runtime/Bytecode.h"
#include "strata/Runtime/Tensor.h"

#include <memory>
#include <string>
#include <vector>

namespace strata::runtime {

/// Parses a literal "2x3xf32=1,2,3,4,5,6" into a fresh tensor.
StatusOr<Tensor> parseTensorLiteral(const std::string &text);

/// Parses an input spec (a literal or "@file.npy") for an argument of type
/// `expected`: a rank-0 integer tensor becomes an I64 value when the
/// argument is an I64, and a .npy of uint16 a bf16 tensor of those bits when
/// the argument is bf16 (numpy has no bf16; results are written that way).
StatusOr<Value> parseInputSpec(const std::string &spec,
                               const bytecode::TypeEntry &expected);

class Module;

/// A call the tools prepare from their command line: the loaded module, the
/// index of the function to run and its arguments.
struct PreparedCall {
  std::shared_ptr<const Module> module;
  uint32_t function = 0;
  std::vector<Value> args;
};

/// Loads the module at `modulePath`, finds `function` and parses one input
/// spec per argument against its signature (the count must match).
StatusOr<PreparedCall> prepareCall(const std::string &modulePath,
                                   const std::string &function,
                                   const std::vector<std::string> &inputs);

/// The value after "--name=" when `arg` starts with it (the tools' flag
/// syntax).
bool getFlagValue(const std::string &arg, const char *name, std::string &value);

/// Parses a decimal count in [lo, hi] (a flag's value); false when it is
/// malformed or out of range.
bool parseCount(const std::string &text, long lo, long hi, long &out);

} // namespace strata::runtime

#endif // STRATA_RUNTIME_INPUTS_H
