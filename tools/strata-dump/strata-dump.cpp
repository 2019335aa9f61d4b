//===- strata-dump.cpp - Print a .smod module as text ---------------------===//
//
// strata-dump loads a module with the runtime's loader (so it verifies it
// exactly as strata-run would) and prints the disassembly: header,
// sections, metadata, types, functions with their bytecode, kernels,
// constants. A module that does not load prints the loader's message on
// stderr and exits with 1. A module whose kernels need CPU features this
// host lacks is printed all the same, with a note on stderr naming them.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/CpuFeatures.h"
#include "strata/Runtime/Disassembler.h"
#include "strata/Runtime/Module.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

using namespace strata::runtime;

static void printHelp(std::FILE *stream) {
  std::fputs(
      "usage: strata-dump FILE.smod [--section=PART[,PART...]]\n"
      "\n"
      "Loads and verifies a Strata module and prints it as text.\n"
      "\n"
      "options:\n"
      "  --section=PARTS  print only these parts, comma-separated: header,\n"
      "                   sections, metadata, types, functions, kernels,\n"
      "                   constants, library, all (default: all)\n"
      "  --help           print this help\n",
      stream);
}

int main(int argc, char **argv) {
  std::string path;
  DisassemblerOptions options;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-help" || arg == "-h") {
      printHelp(stdout);
      return 0;
    }
    if (arg.substr(0, 10) == "--section=") {
      StatusOr<DisassemblerOptions> parsed =
          DisassemblerOptions::parseParts(arg.substr(10));
      if (!parsed) {
        std::fprintf(stderr, "strata-dump: %s\n", parsed.message().c_str());
        return 1;
      }
      options = *parsed;
      continue;
    }
    if (arg.size() > 1 && arg[0] == '-') {
      std::fprintf(stderr, "strata-dump: unknown option '%s'\n", argv[i]);
      printHelp(stderr);
      return 1;
    }
    if (!path.empty()) {
      std::fprintf(stderr, "strata-dump: more than one input file\n");
      return 1;
    }
    path = arg;
  }
  if (path.empty()) {
    std::fprintf(stderr, "strata-dump: no input file\n");
    printHelp(stderr);
    return 1;
  }

  // A module for another CPU is still shown (with a note): inspecting it is
  // how one finds out what it needs.
  LoadOptions loadOptions;
  loadOptions.checkCpuFeatures = false;
  StatusOr<std::unique_ptr<Module>> module =
      Module::loadFile(path, loadOptions);
  if (!module) {
    std::fprintf(stderr, "strata-dump: %s\n", module.message().c_str());
    return 1;
  }
  if (Status status = checkHostCpuFeatures((*module)->getRequiredCpuFeatures());
      !status)
    std::fprintf(stderr, "strata-dump: note: %s cannot run on this host: %s\n",
                 path.c_str(), status.message().c_str());
  std::string text = disassemble(**module, options);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
}
