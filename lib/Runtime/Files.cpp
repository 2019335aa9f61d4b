//===- Files.cpp - Reading whole files, writing them atomically -----------===//
//
// Implements Files.h with POSIX calls. A read copies the file with read(2)
// into anonymous memory: unlike a MAP_PRIVATE mapping of the file, whose
// untouched pages keep showing the file's current contents (and raise
// SIGBUS once the file is truncated), the copy is the process's own. An
// atomic write creates its temporary file with O_EXCL and mode 0666, so the
// kernel applies the umask (mkstemp would make it 0600), and renames it
// over the target only once every byte is written.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Files.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace strata::runtime;

static std::string describeErrno(int error) { return std::strerror(error); }

//===----------------------------------------------------------------------===//
// FileBytes
//===----------------------------------------------------------------------===//

FileBytes::FileBytes(FileBytes &&other) noexcept
    : bytes(other.bytes), numBytes(other.numBytes),
      mappedBytes(other.mappedBytes) {
  other.bytes = nullptr;
  other.numBytes = other.mappedBytes = 0;
}

FileBytes &FileBytes::operator=(FileBytes &&other) noexcept {
  if (this != &other) {
    this->~FileBytes();
    new (this) FileBytes(std::move(other));
  }
  return *this;
}

FileBytes::~FileBytes() {
  if (mappedBytes)
    ::munmap(bytes, mappedBytes);
}

StatusOr<FileBytes> FileBytes::allocate(size_t size) {
  auto pageSize = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  if (size > SIZE_MAX - pageSize)
    return Status::error("cannot allocate " + std::to_string(size) + " bytes");
  // At least one page, so that even an empty file has a valid address.
  size_t mapped =
      size == 0 ? pageSize : (size + pageSize - 1) / pageSize * pageSize;
  void *memory = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED)
    return Status::error("cannot allocate " + std::to_string(size) +
                         " bytes: " + describeErrno(errno));
#ifdef MADV_HUGEPAGE
  // Large modules: fewer page faults while the copy is made.
  if (mapped >= (size_t(2) << 20))
    (void)::madvise(memory, mapped, MADV_HUGEPAGE);
#endif
  FileBytes result;
  result.bytes = static_cast<uint8_t *>(memory);
  result.numBytes = size;
  result.mappedBytes = mapped;
  return result;
}

/// Reads `fd` (a pipe, a device) until its end.
static StatusOr<FileBytes> readStream(int fd, const std::string &path) {
  std::vector<uint8_t> bytes;
  uint8_t chunk[65536];
  for (;;) {
    ssize_t got = ::read(fd, chunk, sizeof(chunk));
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      return Status::error(path + ": read error: " + describeErrno(errno));
    if (got == 0)
      break;
    bytes.insert(bytes.end(), chunk, chunk + got);
  }
  StatusOr<FileBytes> result = FileBytes::allocate(bytes.size());
  if (!result)
    return Status::error(path + ": " + result.message());
  if (!bytes.empty())
    std::memcpy(result->data(), bytes.data(), bytes.size());
  return result;
}

StatusOr<FileBytes> FileBytes::read(const std::string &path,
                                    bool allowStreams) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return Status::error(path + ": cannot open: " + describeErrno(errno));
  struct stat info;
  if (::fstat(fd, &info) != 0) {
    int error = errno;
    ::close(fd);
    return Status::error(path + ": cannot stat: " + describeErrno(error));
  }
  if (!S_ISREG(info.st_mode)) {
    if (allowStreams && !S_ISDIR(info.st_mode)) {
      StatusOr<FileBytes> result = readStream(fd, path);
      ::close(fd);
      return result;
    }
    ::close(fd);
    return Status::error(path + (S_ISDIR(info.st_mode)
                                     ? ": is a directory, not a file"
                                     : ": not a regular file"));
  }
  auto size = static_cast<uint64_t>(info.st_size);
  if (size > SIZE_MAX / 2) {
    ::close(fd);
    return Status::error(path + ": file too large (" + std::to_string(size) +
                         " bytes)");
  }
  StatusOr<FileBytes> result = allocate(static_cast<size_t>(size));
  if (!result) {
    ::close(fd);
    return Status::error(path + ": " + result.message());
  }
  // Read what fstat announced; a file that shrinks meanwhile gives fewer
  // bytes (what callers verify), one that grows is cut at that size.
  size_t done = 0;
  while (done < size) {
    ssize_t got = ::read(fd, result->bytes + done,
                         std::min<size_t>(size - done, size_t(1) << 30));
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0) {
      int error = errno;
      ::close(fd);
      return Status::error(path + ": read error: " + describeErrno(error));
    }
    if (got == 0)
      break;
    done += static_cast<size_t>(got);
  }
  ::close(fd);
  result->numBytes = done;
  return result;
}

//===----------------------------------------------------------------------===//
// Atomic writes
//===----------------------------------------------------------------------===//

namespace {

/// Where writeFileAtomically puts the bytes of `path`.
struct Destination {
  /// Write in place (`path` exists and is not a regular file).
  bool inPlace = false;
  /// The file to replace (symbolic links resolved) and its directory.
  std::string target, directory;
  /// The permission bits of the file being replaced, if it exists.
  bool exists = false;
  mode_t mode = 0;
};

StatusOr<Destination> getDestination(const std::string &path) {
  if (path.empty())
    return Status::error("empty file name");
  Destination destination;
  destination.target = path;
  struct stat info;
  if (::stat(path.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode))
      return Status::error(path + ": is a directory");
    if (!S_ISREG(info.st_mode)) {
      destination.inPlace = true;
      return destination;
    }
    destination.exists = true;
    destination.mode = info.st_mode & 07777;
    // Replace a link's target, not the link.
    struct stat linkInfo;
    if (::lstat(path.c_str(), &linkInfo) == 0 && S_ISLNK(linkInfo.st_mode)) {
      if (char *resolved = ::realpath(path.c_str(), nullptr)) {
        destination.target = resolved;
        std::free(resolved);
      }
    }
  } else if (errno != ENOENT) {
    return Status::error(path + ": " + describeErrno(errno));
  }
  size_t slash = destination.target.find_last_of('/');
  if (slash == std::string::npos)
    destination.directory = ".";
  else if (slash == 0)
    destination.directory = "/";
  else
    destination.directory = destination.target.substr(0, slash);
  if (slash != std::string::npos && slash + 1 == destination.target.size())
    return Status::error(path + ": is a directory");
  return destination;
}

/// Creates a new file next to `destination.target` with a fresh name;
/// returns its descriptor and sets `tempPath`, or -1 with errno set.
int createTemporary(const Destination &destination, std::string &tempPath) {
  static std::atomic<uint64_t> counter{0};
  for (int attempt = 0; attempt < 64; ++attempt) {
    uint64_t seed =
        static_cast<uint64_t>(
            std::chrono::steady_clock::now().time_since_epoch().count()) *
            0x9E3779B97F4A7C15ull ^
        (static_cast<uint64_t>(::getpid()) << 32) ^
        counter.fetch_add(1, std::memory_order_relaxed);
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    std::string suffix;
    for (int i = 0; i < 8; ++i, seed /= 36)
      suffix += digits[seed % 36];
    tempPath = destination.target + ".tmp" + suffix;
    // 0666: the kernel applies the umask, as for any new file.
    int fd =
        ::open(tempPath.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST)
      return fd;
  }
  errno = EEXIST;
  return -1;
}

Status writeAll(int fd, const void *data, size_t size) {
  const auto *bytes = static_cast<const uint8_t *>(data);
  size_t done = 0;
  while (done < size) {
    ssize_t written =
        ::write(fd, bytes + done, std::min<size_t>(size - done, 1u << 30));
    if (written < 0 && errno == EINTR)
      continue;
    if (written < 0)
      return Status::error(describeErrno(errno));
    done += static_cast<size_t>(written);
  }
  return Status::success();
}

} // namespace

Status strata::runtime::writeFileAtomically(const std::string &path,
                                            const void *data, size_t size) {
  StatusOr<Destination> destination = getDestination(path);
  if (!destination)
    return destination.getStatus();
  if (destination->inPlace) {
    int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0)
      return Status::error(
          path + ": cannot open for writing: " + describeErrno(errno));
    Status status = writeAll(fd, data, size);
    if (::close(fd) != 0 && status.ok())
      status = Status::error(describeErrno(errno));
    if (!status.ok())
      return Status::error(path + ": write error: " + status.message());
    return Status::success();
  }

  std::string tempPath;
  int fd = createTemporary(*destination, tempPath);
  if (fd < 0)
    return Status::error(path + ": cannot create a file in '" +
                         destination->directory + "': " + describeErrno(errno));
  Status status = writeAll(fd, data, size);
  if (status.ok() && destination->exists &&
      ::fchmod(fd, destination->mode) != 0)
    status = Status::error("cannot set its mode: " + describeErrno(errno));
  if (::close(fd) != 0 && status.ok())
    status = Status::error(describeErrno(errno));
  if (status.ok() &&
      ::rename(tempPath.c_str(), destination->target.c_str()) != 0)
    status = Status::error("cannot rename '" + tempPath +
                           "' over it: " + describeErrno(errno));
  if (!status.ok()) {
    ::unlink(tempPath.c_str());
    return Status::error(path + ": write error: " + status.message());
  }
  return Status::success();
}

Status strata::runtime::checkFileWritable(const std::string &path) {
  StatusOr<Destination> destination = getDestination(path);
  if (!destination)
    return destination.getStatus();
  if (destination->inPlace) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
      return Status::error(
          path + ": cannot open for writing: " + describeErrno(errno));
    ::close(fd);
    return Status::success();
  }
  std::string tempPath;
  int fd = createTemporary(*destination, tempPath);
  if (fd < 0)
    return Status::error(path + ": cannot create a file in '" +
                         destination->directory + "': " + describeErrno(errno));
  ::close(fd);
  ::unlink(tempPath.c_str());
  return Status::success();
}
