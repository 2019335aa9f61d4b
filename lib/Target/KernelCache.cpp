//===- KernelCache.cpp - Compiled kernels kept across compilations --------===//
//
// The kernel cache of KernelCache.h. An entry file is, little-endian:
//
//   "STRATAKC"  u32 format version  key (32 bytes)
//   u32 metadata length  u64 payload length  metadata  payload
//   SHA-256 of all the bytes before it (32 bytes)
//
//===----------------------------------------------------------------------===//

#include "strata/Target/KernelCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <chrono>
#include <dlfcn.h>

using namespace strata;

#ifndef STRATA_VERSION
#define STRATA_VERSION "unknown"
#endif

static constexpr llvm::StringLiteral kMagic = "STRATAKC";
static constexpr uint32_t kFormatVersion = 1;
static constexpr size_t kHeaderSize = 8 + 4 + 32 + 4 + 8;
static constexpr size_t kChecksumSize = 32;
static constexpr llvm::StringLiteral kEntrySuffix = ".kernel";

/// The file holding the code at `address` (the executable or a shared
/// library), with its size and modification time, or "" when unknown.
static std::string describeCodeFile(const void *address) {
  Dl_info info;
  if (!dladdr(address, &info) || !info.dli_fname)
    return "";
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(info.dli_fname, status))
    return info.dli_fname;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << info.dli_fname << " " << status.getSize() << " "
     << status.getLastModificationTime().time_since_epoch().count();
  return text;
}

/// The compiler's identity in cache keys: versions, and the files of its
/// code (Strata's, LLVM's), which change whenever either is rebuilt.
static const std::string &getCompilerIdentity() {
  static const std::string identity = [] {
    std::string text = "strata " STRATA_VERSION " llvm " LLVM_VERSION_STRING;
    text += "\n" + describeCodeFile(
                       reinterpret_cast<const void *>(&getCompilerIdentity));
    text += "\n" + describeCodeFile(reinterpret_cast<const void *>(
                       &llvm::sys::getDefaultTargetTriple));
    return text;
  }();
  return identity;
}

KernelCache::KernelCache(std::string directory)
    : directory(std::move(directory)) {}

std::string KernelCache::getDefaultDirectory() {
  if (std::optional<std::string> value =
          llvm::sys::Process::GetEnv("STRATA_CACHE_DIR")) {
    if (value->empty() || *value == "0" || *value == "off")
      return "";
    return *value;
  }
  llvm::SmallString<128> path;
  if (std::optional<std::string> xdg =
          llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && !xdg->empty()) {
    path = *xdg;
  } else if (std::optional<std::string> home =
                 llvm::sys::Process::GetEnv("HOME");
             home && !home->empty()) {
    path = *home;
    llvm::sys::path::append(path, ".cache");
  } else {
    return "";
  }
  llvm::sys::path::append(path, "strata", "kernels");
  return std::string(path);
}

uint64_t KernelCache::getDefaultMaxBytes() {
  uint64_t megabytes = 1024;
  if (std::optional<std::string> value =
          llvm::sys::Process::GetEnv("STRATA_CACHE_MAX_MB")) {
    uint64_t parsed;
    if (!llvm::StringRef(*value).getAsInteger(10, parsed))
      megabytes = parsed;
  }
  return megabytes << 20;
}

KernelCache::Key KernelCache::makeKey(llvm::ArrayRef<llvm::StringRef> fields) {
  llvm::SHA256 hash;
  auto add = [&](llvm::StringRef field) {
    uint8_t length[8];
    llvm::support::endian::write64le(length, field.size());
    hash.update(length);
    hash.update(field);
  };
  add(getCompilerIdentity());
  for (llvm::StringRef field : fields)
    add(field);
  return hash.final();
}

std::string KernelCache::toHex(const Key &key) {
  return llvm::toHex(key, /*LowerCase=*/true);
}

std::string KernelCache::getEntryPath(const Key &key) const {
  llvm::SmallString<128> path(directory);
  llvm::sys::path::append(path, toHex(key) + kEntrySuffix.str());
  return std::string(path);
}

/// The entry in `bytes` when they are a whole, intact entry of `key`.
static std::optional<KernelCacheEntry> parseEntry(llvm::StringRef bytes,
                                                  const KernelCache::Key &key) {
  using namespace llvm::support::endian;
  if (bytes.size() < kHeaderSize + kChecksumSize || !bytes.starts_with(kMagic))
    return std::nullopt;
  const char *data = bytes.data();
  if (read32le(data + 8) != kFormatVersion)
    return std::nullopt;
  if (!std::equal(key.begin(), key.end(),
                  reinterpret_cast<const uint8_t *>(data + 12)))
    return std::nullopt;
  uint64_t metadataSize = read32le(data + 44);
  uint64_t payloadSize = read64le(data + 48);
  uint64_t bodySize = bytes.size() - kHeaderSize - kChecksumSize;
  if (metadataSize > bodySize || payloadSize != bodySize - metadataSize)
    return std::nullopt;
  llvm::StringRef covered = bytes.drop_back(kChecksumSize);
  std::array<uint8_t, 32> checksum = llvm::SHA256::hash(
      llvm::ArrayRef<uint8_t>(covered.bytes_begin(), covered.bytes_end()));
  if (!std::equal(checksum.begin(), checksum.end(),
                  bytes.take_back(kChecksumSize).bytes_begin()))
    return std::nullopt;
  KernelCacheEntry entry;
  entry.metadata = std::string(data + kHeaderSize, metadataSize);
  const char *payload = data + kHeaderSize + metadataSize;
  entry.payload.assign(payload, payload + payloadSize);
  return entry;
}

std::optional<KernelCacheEntry>
KernelCache::lookup(const Key &key, KernelCacheStats &stats) const {
  std::string path = getEntryPath(key);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return std::nullopt;
  std::optional<KernelCacheEntry> entry =
      parseEntry((*buffer)->getBuffer(), key);
  if (!entry) {
    ++stats.rejected;
    return std::nullopt;
  }
  // Recently used entries survive pruning; failing to mark one is harmless.
  int fd;
  if (!llvm::sys::fs::openFileForWrite(path, fd, llvm::sys::fs::CD_OpenExisting,
                                       llvm::sys::fs::OF_Append)) {
    (void)llvm::sys::fs::setLastAccessAndModificationTime(
        fd, std::chrono::system_clock::now());
    llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  }
  return entry;
}

std::string KernelCache::store(const Key &key,
                               const KernelCacheEntry &entry) const {
  using namespace llvm::support::endian;
  if (std::error_code error = llvm::sys::fs::create_directories(directory))
    return "cannot create " + directory + ": " + error.message();
  std::string bytes;
  bytes.reserve(kHeaderSize + entry.metadata.size() + entry.payload.size() +
                kChecksumSize);
  char header[kHeaderSize];
  std::copy(kMagic.begin(), kMagic.end(), header);
  write32le(header + 8, kFormatVersion);
  std::copy(key.begin(), key.end(), header + 12);
  write32le(header + 44, entry.metadata.size());
  write64le(header + 48, entry.payload.size());
  bytes.append(header, kHeaderSize);
  bytes.append(entry.metadata);
  bytes.append(entry.payload.begin(), entry.payload.end());
  std::array<uint8_t, 32> checksum = llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()));
  bytes.append(checksum.begin(), checksum.end());

  // A unique temporary name in the same directory, renamed over the entry:
  // readers see the old entry or the new one, whole.
  llvm::SmallString<128> model(directory);
  llvm::sys::path::append(model, "tmp-%%%%%%%%%%%%.part");
  int fd;
  llvm::SmallString<128> temporary;
  if (std::error_code error =
          llvm::sys::fs::createUniqueFile(model, fd, temporary))
    return "cannot create a file in " + directory + ": " + error.message();
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << bytes;
    os.close();
    if (os.has_error()) {
      std::string message = os.error().message();
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return "cannot write " + std::string(temporary) + ": " + message;
    }
  }
  std::string path = getEntryPath(key);
  if (std::error_code error = llvm::sys::fs::rename(temporary, path)) {
    llvm::sys::fs::remove(temporary);
    return "cannot rename " + std::string(temporary) + " to " + path + ": " +
           error.message();
  }
  return "";
}

void KernelCache::prune(uint64_t maxBytes) const {
  struct File {
    std::string path;
    uint64_t size;
    llvm::sys::TimePoint<> modified;
  };
  std::vector<File> entries;
  uint64_t total = 0;
  auto now = std::chrono::system_clock::now();
  std::error_code error;
  for (llvm::sys::fs::directory_iterator it(directory, error), end;
       !error && it != end; it.increment(error)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    llvm::ErrorOr<llvm::sys::fs::basic_file_status> status = it->status();
    if (!status || status->type() != llvm::sys::fs::file_type::regular_file)
      continue;
    // Temporary files of stores that died: removed after an hour (a store
    // in progress elsewhere takes well under that).
    if (name.starts_with("tmp-") && name.ends_with(".part")) {
      if (now - status->getLastModificationTime() > std::chrono::hours(1))
        llvm::sys::fs::remove(it->path());
      continue;
    }
    if (!name.ends_with(kEntrySuffix))
      continue;
    entries.push_back(
        {it->path(), status->getSize(), status->getLastModificationTime()});
    total += status->getSize();
  }
  if (total <= maxBytes)
    return;
  // Oldest first; ties by name, so that pruning is deterministic.
  llvm::sort(entries, [](const File &a, const File &b) {
    return std::tie(a.modified, a.path) < std::tie(b.modified, b.path);
  });
  for (const File &entry : entries) {
    if (total <= maxBytes)
      break;
    if (!llvm::sys::fs::remove(entry.path))
      total -= entry.size;
  }
}
