//===- FilesTest.cpp - Whole-file reads, atomic writes, loaded modules ----===//
//
// FileBytes::read, writeFileAtomically and checkFileWritable (Files.h), and
// what they promise for modules: a loaded module does not change or crash
// when its file is rewritten, truncated or removed, and a module written
// over a loaded one (or over a file with another hard link) leaves the old
// bytes to whoever still has them.
//
//===----------------------------------------------------------------------===//

#include "FormatTestModules.h"

#include "strata/Runtime/Files.h"
#include "strata/Runtime/Module.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace strata::runtime;

namespace {

/// A fresh directory, removed (with its files) at destruction.
struct TempDir {
  TempDir() {
    char pattern[] = "/tmp/strata-files-test-XXXXXX";
    EXPECT_NE(::mkdtemp(pattern), nullptr);
    path = pattern;
  }
  ~TempDir() {
    std::string command = "rm -rf '" + path + "'";
    EXPECT_EQ(std::system(command.c_str()), 0);
  }
  std::string operator/(const std::string &name) const {
    return path + "/" + name;
  }
  std::string path;
};

std::string readText(const std::string &path) {
  StatusOr<FileBytes> bytes = FileBytes::read(path);
  EXPECT_TRUE(bytes.ok()) << bytes.message();
  if (!bytes)
    return "";
  return std::string(reinterpret_cast<const char *>(bytes->data()),
                     bytes->size());
}

Status writeText(const std::string &path, const std::string &text) {
  return writeFileAtomically(path, text.data(), text.size());
}

mode_t getMode(const std::string &path) {
  struct stat info;
  EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
  return info.st_mode & 07777;
}

/// The names in `directory` (to see that no temporary file is left).
std::vector<std::string> listDirectory(const std::string &directory) {
  std::vector<std::string> names;
  std::string command = "ls -A '" + directory + "'";
  FILE *pipe = ::popen(command.c_str(), "r");
  char line[512];
  while (pipe && std::fgets(line, sizeof(line), pipe)) {
    std::string name = line;
    if (!name.empty() && name.back() == '\n')
      name.pop_back();
    names.push_back(name);
  }
  if (pipe)
    ::pclose(pipe);
  return names;
}

TEST(FilesTest, ReadWholeFiles) {
  TempDir dir;
  ASSERT_TRUE(writeText(dir / "a", "hello").ok());
  EXPECT_EQ(readText(dir / "a"), "hello");
  ASSERT_TRUE(writeText(dir / "empty", "").ok());
  StatusOr<FileBytes> empty = FileBytes::read(dir / "empty");
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty->size(), 0u);
  EXPECT_NE(empty->data(), nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(empty->data()) % 4096, 0u);

  StatusOr<FileBytes> directory = FileBytes::read(dir.path);
  ASSERT_FALSE(directory.ok());
  EXPECT_EQ(directory.message(), dir.path + ": is a directory, not a file");
  StatusOr<FileBytes> missing = FileBytes::read(dir / "missing");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message(),
            dir / "missing" + ": cannot open: No such file or directory");
  StatusOr<FileBytes> device = FileBytes::read("/dev/null");
  ASSERT_FALSE(device.ok());
  EXPECT_EQ(device.message(), "/dev/null: not a regular file");
}

TEST(FilesTest, AtomicWriteReplacesAndKeepsMode) {
  TempDir dir;
  std::string path = dir / "m.smod";
  ASSERT_TRUE(writeText(path, "old").ok());
  // A new file gets 0666 minus the umask, not mkstemp's 0600.
  mode_t mask = ::umask(022);
  ::umask(mask);
  EXPECT_EQ(getMode(path), 0666 & ~mask);
  ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
  ASSERT_TRUE(writeText(path, "new contents").ok());
  EXPECT_EQ(readText(path), "new contents");
  EXPECT_EQ(getMode(path), 0640u);
  EXPECT_EQ(listDirectory(dir.path), std::vector<std::string>{"m.smod"});
}

TEST(FilesTest, AtomicWriteLeavesOtherLinksAlone) {
  TempDir dir;
  std::string path = dir / "m.smod", link = dir / "link.smod";
  ASSERT_TRUE(writeText(path, "old").ok());
  ASSERT_EQ(::link(path.c_str(), link.c_str()), 0);
  ASSERT_TRUE(writeText(path, "new").ok());
  EXPECT_EQ(readText(path), "new");
  EXPECT_EQ(readText(link), "old");

  // A symbolic link stays a link; its target gets the new bytes.
  std::string symlink = dir / "sym.smod";
  ASSERT_EQ(::symlink("m.smod", symlink.c_str()), 0);
  ASSERT_TRUE(writeText(symlink, "via the link").ok());
  struct stat info;
  ASSERT_EQ(::lstat(symlink.c_str(), &info), 0);
  EXPECT_TRUE(S_ISLNK(info.st_mode));
  EXPECT_EQ(readText(path), "via the link");
}

TEST(FilesTest, AtomicWriteErrors) {
  TempDir dir;
  Status directory = writeText(dir.path, "x");
  ASSERT_FALSE(directory.ok());
  EXPECT_EQ(directory.message(), dir.path + ": is a directory");
  Status missing = writeText(dir / "no/such/dir/m.smod", "x");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message(),
            dir / "no/such/dir/m.smod" + ": cannot create a file in '" +
                dir / "no/such/dir" + "': No such file or directory");
  EXPECT_FALSE(checkFileWritable(dir / "no/such/dir/t.json").ok());
  EXPECT_FALSE(checkFileWritable(dir.path).ok());
  EXPECT_TRUE(checkFileWritable(dir / "t.json").ok());
  // The probe leaves nothing behind, and does not create the file.
  EXPECT_TRUE(listDirectory(dir.path).empty());
  // Not a regular file: written in place (renaming over /dev/null would
  // replace the device).
  EXPECT_TRUE(writeText("/dev/null", "discarded").ok());
  EXPECT_TRUE(checkFileWritable("/dev/null").ok());
}

//===----------------------------------------------------------------------===//
// Loaded modules and their files
//===----------------------------------------------------------------------===//

TEST(LoadedModuleTest, DoesNotDependOnItsFile) {
  TempDir dir;
  std::string path = dir / "m.smod";
  StatusOr<std::vector<uint8_t>> original = testmodules::buildFullModule();
  ASSERT_TRUE(original.ok());
  ASSERT_TRUE(
      writeFileAtomically(path, original->data(), original->size()).ok());

  StatusOr<std::unique_ptr<Module>> module = Module::loadFile(path);
  ASSERT_TRUE(module.ok()) << module.message();
  auto snapshot = [&] {
    const Module &m = **module;
    return std::vector<uint8_t>(m.getData(), m.getData() + m.getSize());
  };
  EXPECT_EQ(snapshot(), *original);

  // Overwritten in place with other bytes (what `cp other m.smod` does),
  // then truncated to nothing: the loaded module keeps its bytes, and
  // reading every constant does not fault.
  int fd = ::open(path.c_str(), O_WRONLY);
  ASSERT_GE(fd, 0);
  std::vector<uint8_t> garbage(original->size(), 0xAB);
  ASSERT_EQ(::write(fd, garbage.data(), garbage.size()),
            static_cast<ssize_t>(garbage.size()));
  EXPECT_EQ(snapshot(), *original);
  ASSERT_EQ(::ftruncate(fd, 0), 0);
  ::close(fd);
  EXPECT_EQ(snapshot(), *original);
  for (const bytecode::ConstantEntry &constant : (*module)->getConstants()) {
    auto *data =
        static_cast<const uint8_t *>((*module)->getConstantData(constant));
    size_t offset = data - (*module)->getData();
    EXPECT_EQ(std::memcmp(data, original->data() + offset, constant.size), 0);
  }
  ASSERT_EQ(std::remove(path.c_str()), 0);
  EXPECT_EQ(snapshot(), *original);
}

TEST(LoadedModuleTest, SaveOverTheLoadedPath) {
  TempDir dir;
  std::string path = dir / "m.smod";
  StatusOr<std::vector<uint8_t>> original = testmodules::buildFullModule();
  ASSERT_TRUE(original.ok());
  ASSERT_TRUE(
      writeFileAtomically(path, original->data(), original->size()).ok());
  StatusOr<std::unique_ptr<Module>> module = Module::loadFile(path);
  ASSERT_TRUE(module.ok()) << module.message();
  // Writing the loaded bytes back to where they came from.
  ASSERT_TRUE(
      writeFileAtomically(path, (*module)->getData(), (*module)->getSize())
          .ok());
  StatusOr<std::unique_ptr<Module>> again = Module::loadFile(path);
  ASSERT_TRUE(again.ok()) << again.message();
  ASSERT_EQ((*again)->getSize(), (*module)->getSize());
  EXPECT_EQ(std::memcmp((*again)->getData(), (*module)->getData(),
                        (*module)->getSize()),
            0);
}

} // namespace
