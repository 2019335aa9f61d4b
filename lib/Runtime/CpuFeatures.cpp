//===- CpuFeatures.cpp - The CPU features a module's kernels need ---------===//
//
// Implements CpuFeatures.h: a table from LLVM's x86 feature names to the
// cpuid bit that announces the instructions and the XCR0 state the OS must
// enable for their registers. An instruction is usable only when both
// hold: a CPU with AVX-512 under a kernel that does not save ZMM state
// still faults. The bits are those of the Intel SDM (vol. 2A, CPUID) and
// AMD's APM, the same LLVM's host detection reads (llvm/lib/TargetParser/
// Host.cpp), so a module compiled for this host always loads on it.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/CpuFeatures.h"

#include <algorithm>
#include <cstdint>
#include <mutex>

#if defined(__x86_64__)
#include <cpuid.h>
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif
#endif

using namespace strata::runtime;

namespace {

enum Register : uint8_t { EAX, EBX, ECX, EDX };

/// The OS-managed register state a feature's instructions use.
enum class State : uint8_t { None, AVX, AVX512, AMX, APX };

struct FeatureBit {
  const char *name;
  uint32_t leaf;
  uint32_t subleaf;
  Register reg;
  uint8_t bit;
  State state;
  /// AVX10: the smallest version (cpuid leaf 0x24, EBX[7:0]); else 0.
  uint8_t minVersion = 0;
};

constexpr uint32_t kExt = 0x80000001;

// Sorted by leaf, then by bit; the order is the order the compiler records.
const FeatureBit kFeatures[] = {
    {"x87", 1, 0, EDX, 0, State::None},
    {"cx8", 1, 0, EDX, 8, State::None},
    {"cmov", 1, 0, EDX, 15, State::None},
    {"mmx", 1, 0, EDX, 23, State::None},
    {"fxsr", 1, 0, EDX, 24, State::None},
    {"sse", 1, 0, EDX, 25, State::None},
    {"sse2", 1, 0, EDX, 26, State::None},
    {"sse3", 1, 0, ECX, 0, State::None},
    {"pclmul", 1, 0, ECX, 1, State::None},
    {"ssse3", 1, 0, ECX, 9, State::None},
    {"fma", 1, 0, ECX, 12, State::AVX},
    {"cx16", 1, 0, ECX, 13, State::None},
    {"sse4.1", 1, 0, ECX, 19, State::None},
    {"sse4.2", 1, 0, ECX, 20, State::None},
    {"crc32", 1, 0, ECX, 20, State::None},
    {"movbe", 1, 0, ECX, 22, State::None},
    {"popcnt", 1, 0, ECX, 23, State::None},
    {"aes", 1, 0, ECX, 25, State::None},
    {"avx", 1, 0, ECX, 28, State::AVX},
    {"f16c", 1, 0, ECX, 29, State::AVX},
    {"bmi", 7, 0, EBX, 3, State::None},
    {"avx2", 7, 0, EBX, 5, State::AVX},
    {"bmi2", 7, 0, EBX, 8, State::None},
    {"avx512f", 7, 0, EBX, 16, State::AVX512},
    {"evex512", 7, 0, EBX, 16, State::AVX512},
    {"avx512dq", 7, 0, EBX, 17, State::AVX512},
    {"adx", 7, 0, EBX, 19, State::None},
    {"avx512ifma", 7, 0, EBX, 21, State::AVX512},
    {"avx512cd", 7, 0, EBX, 28, State::AVX512},
    {"sha", 7, 0, EBX, 29, State::None},
    {"avx512bw", 7, 0, EBX, 30, State::AVX512},
    {"avx512vl", 7, 0, EBX, 31, State::AVX512},
    {"avx512vbmi", 7, 0, ECX, 1, State::AVX512},
    {"avx512vbmi2", 7, 0, ECX, 6, State::AVX512},
    {"gfni", 7, 0, ECX, 8, State::None},
    {"vaes", 7, 0, ECX, 9, State::AVX},
    {"vpclmulqdq", 7, 0, ECX, 10, State::AVX},
    {"avx512vnni", 7, 0, ECX, 11, State::AVX512},
    {"avx512bitalg", 7, 0, ECX, 12, State::AVX512},
    {"avx512vpopcntdq", 7, 0, ECX, 14, State::AVX512},
    {"avx512vp2intersect", 7, 0, EDX, 8, State::AVX512},
    {"amx-bf16", 7, 0, EDX, 22, State::AMX},
    {"avx512fp16", 7, 0, EDX, 23, State::AVX512},
    {"amx-tile", 7, 0, EDX, 24, State::AMX},
    {"amx-int8", 7, 0, EDX, 25, State::AMX},
    {"sha512", 7, 1, EAX, 0, State::AVX},
    {"sm3", 7, 1, EAX, 1, State::AVX},
    {"sm4", 7, 1, EAX, 2, State::AVX},
    {"avxvnni", 7, 1, EAX, 4, State::AVX},
    {"avx512bf16", 7, 1, EAX, 5, State::AVX512},
    {"cmpccxadd", 7, 1, EAX, 7, State::None},
    {"amx-fp16", 7, 1, EAX, 21, State::AMX},
    {"avxifma", 7, 1, EAX, 23, State::AVX},
    {"avxvnniint8", 7, 1, EDX, 4, State::AVX},
    {"avxneconvert", 7, 1, EDX, 5, State::AVX},
    {"amx-complex", 7, 1, EDX, 8, State::AMX},
    {"avxvnniint16", 7, 1, EDX, 10, State::AVX},
    {"avx10.1", 7, 1, EDX, 19, State::AVX512, 1},
    {"avx10.1-512", 7, 1, EDX, 19, State::AVX512, 1},
    {"avx10.2", 7, 1, EDX, 19, State::AVX512, 2},
    {"avx10.2-512", 7, 1, EDX, 19, State::AVX512, 2},
    {"egpr", 7, 1, EDX, 21, State::APX},
    {"push2pop2", 7, 1, EDX, 21, State::APX},
    {"ppx", 7, 1, EDX, 21, State::APX},
    {"ndd", 7, 1, EDX, 21, State::APX},
    {"ccmp", 7, 1, EDX, 21, State::APX},
    {"nf", 7, 1, EDX, 21, State::APX},
    {"cf", 7, 1, EDX, 21, State::APX},
    {"zu", 7, 1, EDX, 21, State::APX},
    {"sahf", kExt, 0, ECX, 0, State::None},
    {"lzcnt", kExt, 0, ECX, 5, State::None},
    {"sse4a", kExt, 0, ECX, 6, State::None},
    {"prfchw", kExt, 0, ECX, 8, State::None},
    {"xop", kExt, 0, ECX, 11, State::AVX},
    {"fma4", kExt, 0, ECX, 16, State::AVX},
    {"tbm", kExt, 0, ECX, 21, State::None},
};

const FeatureBit *findFeature(std::string_view name) {
  for (const FeatureBit &feature : kFeatures)
    if (name == feature.name)
      return &feature;
  return nullptr;
}

#if defined(__x86_64__)
/// The host's cpuid leaves and XCR0, read once.
struct HostCpu {
  uint32_t leaf1[4] = {};
  uint32_t leaf7[4] = {};
  uint32_t leaf7s1[4] = {};
  uint32_t extLeaf1[4] = {};
  uint32_t avx10Version = 0;
  uint64_t xcr0 = 0;

  HostCpu() {
    uint32_t maxLeaf = __get_cpuid_max(0, nullptr);
    if (maxLeaf >= 1)
      __cpuid_count(1, 0, leaf1[0], leaf1[1], leaf1[2], leaf1[3]);
    if (maxLeaf >= 7) {
      __cpuid_count(7, 0, leaf7[0], leaf7[1], leaf7[2], leaf7[3]);
      if (leaf7[0] >= 1)
        __cpuid_count(7, 1, leaf7s1[0], leaf7s1[1], leaf7s1[2], leaf7s1[3]);
    }
    if (maxLeaf >= 0x24 && (leaf7s1[EDX] >> 19 & 1)) {
      uint32_t regs[4];
      __cpuid_count(0x24, 0, regs[0], regs[1], regs[2], regs[3]);
      avx10Version = regs[EBX] & 0xff;
    }
    if (__get_cpuid_max(0x80000000, nullptr) >= kExt)
      __cpuid_count(kExt, 0, extLeaf1[0], extLeaf1[1], extLeaf1[2],
                    extLeaf1[3]);
    // OSXSAVE: the OS uses XSAVE, so XCR0 says which state it saves.
    if (leaf1[ECX] >> 27 & 1) {
      uint32_t low, high;
      __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
      xcr0 = (uint64_t(high) << 32) | low;
    }
  }

  const uint32_t *getLeaf(uint32_t leaf, uint32_t subleaf) const {
    if (leaf == 1)
      return leaf1;
    if (leaf == 7)
      return subleaf == 0 ? leaf7 : leaf7s1;
    return extLeaf1;
  }
};

const HostCpu &getHostCpu() {
  static const HostCpu host;
  return host;
}

/// Linux enables AMX tile data per process, on request (kernel 5.16+);
/// asked once, the answer is kept.
bool requestAmxPermission() {
#if defined(__linux__) && defined(SYS_arch_prctl)
  static const bool granted = [] {
    constexpr int kArchReqXcompPerm = 0x1023;
    constexpr int kXFeatureXTileData = 18;
    return ::syscall(SYS_arch_prctl, kArchReqXcompPerm, kXFeatureXTileData) ==
           0;
  }();
  return granted;
#else
  return true;
#endif
}

bool hasState(const HostCpu &host, State state) {
  auto all = [&](uint64_t mask) { return (host.xcr0 & mask) == mask; };
  switch (state) {
  case State::None:
    return true;
  case State::AVX: // SSE and YMM state.
    return all(0x6);
  case State::AVX512: // ... and opmask, ZMM_Hi256, Hi16_ZMM.
    return all(0xe6);
  case State::AMX: // XTILECFG and XTILEDATA, and the process's permission.
    return all(0x60000) && requestAmxPermission();
  case State::APX: // The extended general-purpose registers.
    return all(0x80000);
  }
  return false;
}
#endif

} // namespace

const std::vector<std::string_view> &
strata::runtime::getRecordableCpuFeatures() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> result;
    for (const FeatureBit &feature : kFeatures)
      result.push_back(feature.name);
    return result;
  }();
  return names;
}

bool strata::runtime::isRecordableCpuFeature(std::string_view name) {
  return findFeature(name) != nullptr;
}

bool strata::runtime::hostHasCpuFeature(std::string_view name) {
  const FeatureBit *feature = findFeature(name);
  if (!feature)
    return false;
#if defined(__x86_64__)
  const HostCpu &host = getHostCpu();
  if (!(host.getLeaf(feature->leaf, feature->subleaf)[feature->reg] >>
            feature->bit &
        1))
    return false;
  if (feature->minVersion && host.avx10Version < feature->minVersion)
    return false;
  return hasState(host, feature->state);
#else
  return false;
#endif
}

StatusOr<std::vector<std::string>>
strata::runtime::parseCpuFeatureList(std::string_view list) {
  std::vector<std::string> names;
  if (list.empty())
    return names;
  size_t start = 0;
  for (;;) {
    size_t comma = list.find(',', start);
    std::string_view name = list.substr(
        start, comma == std::string_view::npos ? comma : comma - start);
    if (name.empty())
      return Status::error("empty feature name in '" + std::string(list) + "'");
    for (char c : name)
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
            c == '-' || c == '_'))
        return Status::error("invalid feature name '" + std::string(name) +
                             "'");
    names.emplace_back(name);
    if (comma == std::string_view::npos)
      return names;
    start = comma + 1;
  }
}

Status strata::runtime::checkHostCpuFeatures(
    const std::vector<std::string> &features) {
  std::vector<std::string> missing, unknown;
  for (const std::string &name : features) {
    if (!isRecordableCpuFeature(name))
      unknown.push_back(name);
    else if (!hostHasCpuFeature(name))
      missing.push_back(name);
  }
  if (missing.empty() && unknown.empty())
    return Status::success();
  auto join = [](const std::vector<std::string> &names) {
    std::string text;
    for (const std::string &name : names)
      text += (text.empty() ? "" : ", ") + name;
    return text;
  };
  std::string message;
  if (!missing.empty()) {
#if defined(__x86_64__)
    message = "its kernels need CPU features this host lacks: " + join(missing);
#else
    message = "its kernels are x86-64 code (CPU features " + join(missing) +
              "), this host is not x86-64";
#endif
  }
  if (!unknown.empty())
    message += std::string(message.empty() ? "" : "; ") +
               "its kernels need CPU features this runtime does not know: " +
               join(unknown) + " (a module from a newer Strata?)";
  return Status::error(message);
}
