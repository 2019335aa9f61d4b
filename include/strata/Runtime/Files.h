//===- Files.h - Reading whole files, writing them atomically ---*- C++ -*-===//
//
// The runtime's file I/O, in one place so that every tool and API behaves
// the same:
//  - FileBytes::read copies a whole regular file into private memory, so
//    that nothing read from it depends on the file afterwards (a module
//    file rewritten, truncated or deleted while it is loaded changes
//    nothing);
//  - writeFileAtomically writes a new file next to the target and renames
//    it over the target, so that a reader (another process that is loading
//    the old file, or that mapped it) sees either the old or the new
//    contents, never a mix, and a failed write leaves the old file intact;
//  - checkFileWritable tells early (before a long run) whether a later
//    writeFileAtomically of that path can work.
// Errors are Statuses whose message starts with the path.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_FILES_H
#define STRATA_RUNTIME_FILES_H

#include "strata/Runtime/Status.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace strata::runtime {

/// The bytes of a file in private, page-aligned anonymous memory (so at
/// least 64-byte aligned, what constants need). Move-only.
class FileBytes {
public:
  FileBytes() = default;
  FileBytes(FileBytes &&other) noexcept;
  FileBytes &operator=(FileBytes &&other) noexcept;
  FileBytes(const FileBytes &) = delete;
  FileBytes &operator=(const FileBytes &) = delete;
  ~FileBytes();

  /// Reads all of the regular file `path`. A directory, or a file that
  /// cannot be opened or read, is an error naming `path`; so is any other
  /// kind of file (a device, a FIFO) unless `allowStreams`, which reads
  /// those until their end (`--input=@/dev/stdin`, a shell's `<(...)`).
  static StatusOr<FileBytes> read(const std::string &path,
                                  bool allowStreams = false);
  /// `size` bytes of zeroed private memory.
  static StatusOr<FileBytes> allocate(size_t size);

  const uint8_t *data() const { return bytes; }
  uint8_t *data() { return bytes; }
  size_t size() const { return numBytes; }

private:
  uint8_t *bytes = nullptr;
  size_t numBytes = 0;
  /// The anonymous mapping (numBytes rounded up to pages; 0: none).
  size_t mappedBytes = 0;
};

/// Writes `data[0, size)` to `path` atomically: into a new file in the same
/// directory that is then renamed over `path`. A symbolic link is followed
/// (its target is replaced); an existing file's permission bits are kept,
/// a new file gets 0666 minus the umask. Other links to the old file keep
/// the old contents, and so does a process that loaded it. A path that
/// exists and is not a regular file (/dev/null, a FIFO) is written in
/// place. On failure nothing is left behind and `path` is unchanged.
Status writeFileAtomically(const std::string &path, const void *data,
                           size_t size);

/// Whether writeFileAtomically(path, ...) can create its file now: the
/// directory exists and is writable and `path` is not a directory.
/// Creates and removes a probe file; `path` itself is not touched.
Status checkFileWritable(const std::string &path);

} // namespace strata::runtime

#endif // STRATA_RUNTIME_FILES_H
