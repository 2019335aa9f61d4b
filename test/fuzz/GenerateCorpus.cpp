//===- GenerateCorpus.cpp - Writes the loader fuzzer's seed corpus --------===//
//
// strata-smod-corpus-gen DIR writes the small valid modules of
// test/unittests/Runtime/FormatTestModules.h (empty, minimal, loop, full)
// into DIR as .smod files. test/fuzz/corpus/ holds its output, committed so
// that the fuzzer and the strata-dump tests need no generator at test time;
// test/Runtime/fuzz-corpus.test checks the committed files are up to date.
//
//===----------------------------------------------------------------------===//

#include "FormatTestModules.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

using namespace strata::runtime;

static bool writeModule(const std::string &path,
                        const StatusOr<std::vector<uint8_t>> &bytes) {
  if (!bytes) {
    std::fprintf(stderr, "strata-smod-corpus-gen: %s: %s\n", path.c_str(),
                 bytes.message().c_str());
    return false;
  }
  std::FILE *file = std::fopen(path.c_str(), "wb");
  if (!file) {
    std::fprintf(stderr, "strata-smod-corpus-gen: %s: %s\n", path.c_str(),
                 std::strerror(errno));
    return false;
  }
  bool ok = std::fwrite(bytes->data(), 1, bytes->size(), file) == bytes->size();
  ok = std::fclose(file) == 0 && ok;
  if (!ok)
    std::fprintf(stderr, "strata-smod-corpus-gen: %s: write failed\n",
                 path.c_str());
  return ok;
}

int main(int argc, char **argv) {
  if (argc != 2 || std::strcmp(argv[1], "--help") == 0) {
    std::fprintf(argc == 2 ? stdout : stderr,
                 "usage: strata-smod-corpus-gen DIR\n"
                 "Writes empty.smod, minimal.smod, loop.smod and full.smod "
                 "(valid modules) into the existing directory DIR.\n");
    return argc == 2 ? 0 : 1;
  }
  std::string dir = argv[1];
  bool ok = writeModule(dir + "/empty.smod", testmodules::buildEmptyModule());
  ok = writeModule(dir + "/minimal.smod", testmodules::buildMinimalModule()) &&
       ok;
  ok = writeModule(dir + "/loop.smod", testmodules::buildLoopModule()) && ok;
  ok = writeModule(dir + "/full.smod", testmodules::buildFullModule()) && ok;
  return ok ? 0 : 1;
}
