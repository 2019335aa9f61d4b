//===- acme-compile.cpp - Compile a model with the acme backend -----------===//
//
//   acme-compile MODEL.mlir -o MODEL.smod [--no-cost-rule]
//
// strata-compile's job with one more external backend registered: the
// model's products that acme runs become calls of its plugin, the rest is
// compiled by Strata, all in one module (run it with strata-run, the
// plugin's directory in STRATA_PLUGIN_PATH).
//
//===----------------------------------------------------------------------===//

#include "Acme/AcmeBackend.h"
#include "strata/Compiler/Compiler.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

int main(int argc, char **argv) {
  std::string input, output;
  bool costRule = true;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-o" && i + 1 < argc)
      output = argv[++i];
    else if (arg == "--no-cost-rule")
      costRule = false;
    else if (input.empty() && arg[0] != '-')
      input = arg;
    else {
      llvm::errs() << "usage: acme-compile MODEL.mlir -o MODEL.smod "
                      "[--no-cost-rule]\n";
      return 2;
    }
  }
  if (input.empty() || output.empty()) {
    llvm::errs() << "acme-compile: a model and -o FILE are needed\n";
    return 2;
  }
  auto buffer = llvm::MemoryBuffer::getFile(input);
  if (!buffer) {
    llvm::errs() << "acme-compile: " << input << ": "
                 << buffer.getError().message() << "\n";
    return 1;
  }

  acme::registerAcmeBackend();
  strata::CompileOptions options;
  options.external = {"acme"};
  options.externalCostRule = costRule;
  strata::CompileOutput result;
  std::string diagnostics;
  if (mlir::failed(strata::compileSource((*buffer)->getBuffer(), input, options,
                                         result, diagnostics))) {
    llvm::errs() << diagnostics;
    return 1;
  }
  std::error_code error;
  llvm::raw_fd_ostream file(output, error, llvm::sys::fs::OF_None);
  if (error) {
    llvm::errs() << "acme-compile: " << output << ": " << error.message()
                 << "\n";
    return 1;
  }
  file.write(reinterpret_cast<const char *>(result.bytes.data()),
             result.bytes.size());
  return 0;
}
