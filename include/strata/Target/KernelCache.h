//===- KernelCache.h - Compiled kernels kept across compilations -*- C++
//-*-===//
//
// A persistent cache of compiled kernels, one file per kernel, keyed by a
// SHA-256 of everything the kernel's code depends on: the kernel's printed
// form (kernel::printNameIndependentForm), the target machine and code
// generation options, and the compiler's identity (its version, LLVM's, and
// the size and modification time of the files holding their code, so that a
// rebuilt compiler never reads entries of the one before). A model compiled
// again, or with one layer changed, compiles only the kernels the cache lacks
// (as ccache does for C files).
//
// Entries are written to a temporary file and renamed into place, so readers
// never see half an entry. An entry is read only when it is whole and its
// own: its magic, format version, key, lengths and a SHA-256 of its contents
// are checked, and anything else (a corrupted file, an entry of another key
// copied over, a foreign format) is counted as rejected and ignored; the
// kernel is compiled again and the entry replaced. The backend checks the
// payload further (CPU: an object file for the target with the kernel's
// symbols) before it links it.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TARGET_KERNELCACHE_H
#define STRATA_TARGET_KERNELCACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace strata {

/// What one compilation did with the kernel cache.
struct KernelCacheStats {
  /// Kernels whose code came from the cache.
  unsigned hits = 0;
  /// Kernels compiled (and stored).
  unsigned misses = 0;
  /// Entries found but not used: corrupted, of another key or format, or a
  /// payload the backend refused.
  unsigned rejected = 0;
  /// Entries that could not be written (the compilation goes on).
  unsigned storeFailures = 0;
};

/// One cached kernel: the backend's compiled code and the facts about it the
/// backend needs without reading the code (CPU: whether it exports a grid
/// function).
struct KernelCacheEntry {
  std::string metadata;
  std::vector<char> payload;
};

/// The kernel cache in one directory. Cheap to create; used from one thread.
class KernelCache {
public:
  using Key = std::array<uint8_t, 32>;

  /// The cache in `directory`, created on the first store.
  explicit KernelCache(std::string directory);

  /// Where users' compilations keep kernels unless told otherwise: the
  /// STRATA_CACHE_DIR environment variable when set ("", "0" or "off": no
  /// cache, returned as ""), else $XDG_CACHE_HOME/strata/kernels, else
  /// $HOME/.cache/strata/kernels ("" without a home).
  static std::string getDefaultDirectory();

  /// The key of a kernel: a SHA-256 of the compiler's identity and of each
  /// of `fields` (with its length, so that fields cannot run together).
  static Key makeKey(llvm::ArrayRef<llvm::StringRef> fields);

  /// `key` in hexadecimal (the entry's file name).
  static std::string toHex(const Key &key);

  const std::string &getDirectory() const { return directory; }

  /// The entry of `key`, or std::nullopt when there is none or it is
  /// rejected (counted in `stats`). A hit refreshes the entry's
  /// modification time, which pruning reads.
  std::optional<KernelCacheEntry> lookup(const Key &key,
                                         KernelCacheStats &stats) const;

  /// Stores `entry` under `key`, replacing any entry there. Returns "" or
  /// why it could not.
  std::string store(const Key &key, const KernelCacheEntry &entry) const;

  /// Deletes the least recently used entries until the entries take at
  /// most `maxBytes` (and temporary files left by interrupted stores).
  void prune(uint64_t maxBytes) const;

  /// The size pruning keeps the cache under unless STRATA_CACHE_MAX_MB says
  /// otherwise: 1 GiB.
  static uint64_t getDefaultMaxBytes();

private:
  std::string getEntryPath(const Key &key) const;

  std::string directory;
};

} // namespace strata

#endif // STRATA_TARGET_KERNELCACHE_H
