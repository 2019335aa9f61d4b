//===- Profiler.cpp - Launch statistics, Chrome traces, tensor dumps ------===//
//
// The Profiler aggregates launch times by kernel name and keeps the events
// for the Chrome trace (Trace Event Format: complete events, "ph": "X",
// timestamps in microseconds). The TensorDumper writes the outputs of
// each launch as .npy files, numbered in launch order, and an index.json
// tying each file to its kernel and source location.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Profiler.h"
#include "strata/Runtime/Device.h"
#include "strata/Runtime/Files.h"
#include "strata/Runtime/Npy.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>

using namespace strata::runtime;

Observer::~Observer() = default;

std::string strata::runtime::quoteJSON(const std::string &text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (c < 0x20) {
        char buffer[8];
        std::snprintf(buffer, sizeof(buffer), "\\u%04x", c);
        out += buffer;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  return out + "\"";
}

static Status writeTextFile(const std::string &path, const std::string &text) {
  return writeFileAtomically(path, text.data(), text.size());
}

//===----------------------------------------------------------------------===//
// Profiler
//===----------------------------------------------------------------------===//

Profiler::Profiler(std::string tracePath, bool keepEvents)
    : tracePath(std::move(tracePath)), keepEvents(keepEvents) {}

Status Profiler::onEvent(const LaunchEvent &event) {
  std::lock_guard<std::mutex> lock(mutex);
  KernelStats &entry = stats[event.name];
  ++entry.calls;
  entry.totalNs += event.durationNs;
  entry.minNs = std::min(entry.minNs, event.durationNs);
  entry.maxNs = std::max(entry.maxNs, event.durationNs);
  entry.isNative = event.isNative;
  if (keepEvents)
    events.push_back({event.name, event.location, event.isNative, event.startNs,
                      event.durationNs, event.threadId, event.grid});
  return Status::success();
}

Status Profiler::flush() {
  if (tracePath.empty())
    return Status::success();
  return writeChromeTrace(tracePath);
}

std::map<std::string, Profiler::KernelStats> Profiler::getStats() const {
  std::lock_guard<std::mutex> lock(mutex);
  return stats;
}

void Profiler::reset() {
  std::lock_guard<std::mutex> lock(mutex);
  stats.clear();
  events.clear();
}

std::string Profiler::getReport() const {
  std::vector<std::pair<std::string, KernelStats>> rows;
  uint64_t total = 0;
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (const auto &entry : stats) {
      rows.push_back(entry);
      total += entry.second.totalNs;
    }
  }
  // Most expensive first; ties by name, so the order is deterministic.
  std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) {
    if (a.second.totalNs != b.second.totalNs)
      return a.second.totalNs > b.second.totalNs;
    return a.first < b.first;
  });
  size_t nameWidth = 6;
  for (const auto &row : rows)
    nameWidth =
        std::max(nameWidth, row.first.size() + (row.second.isNative ? 9 : 0));
  std::string out;
  char line[512];
  std::snprintf(line, sizeof(line), "%-*s %8s %12s %12s %7s\n",
                static_cast<int>(nameWidth), "kernel", "calls", "total ms",
                "mean us", "share");
  out += line;
  for (const auto &row : rows) {
    const KernelStats &s = row.second;
    std::string name = row.first + (s.isNative ? " (native)" : "");
    double share = total ? 100.0 * s.totalNs / total : 0.0;
    std::snprintf(line, sizeof(line), "%-*s %8llu %12.3f %12.3f %6.1f%%\n",
                  static_cast<int>(nameWidth), name.c_str(),
                  static_cast<unsigned long long>(s.calls), s.totalNs / 1e6,
                  s.calls ? s.totalNs / 1e3 / s.calls : 0.0, share);
    out += line;
  }
  std::snprintf(line, sizeof(line), "%-*s %8s %12.3f\n",
                static_cast<int>(nameWidth), "total", "", total / 1e6);
  out += line;
  return out;
}

std::string Profiler::getChromeTrace() const {
  std::lock_guard<std::mutex> lock(mutex);
  std::string out = "{\"displayTimeUnit\": \"ms\", \"traceEvents\": [";
  char number[128];
  for (size_t i = 0; i < events.size(); ++i) {
    const Event &event = events[i];
    out += i ? ",\n" : "\n";
    out += "{\"name\": " + quoteJSON(event.name) + ", \"cat\": ";
    out += event.isNative ? "\"native\"" : "\"launch\"";
    std::snprintf(number, sizeof(number),
                  ", \"ph\": \"X\", \"ts\": %.3f, \"dur\": %.3f, \"pid\": 1, "
                  "\"tid\": %u",
                  event.startNs / 1e3, event.durationNs / 1e3, event.threadId);
    out += number;
    out += ", \"args\": {\"grid\": " + std::to_string(event.grid);
    if (!event.location.empty())
      out += ", \"location\": " + quoteJSON(event.location);
    out += "}}";
  }
  out += "\n]}\n";
  return out;
}

Status Profiler::writeChromeTrace(const std::string &path) const {
  return writeTextFile(path, getChromeTrace());
}

//===----------------------------------------------------------------------===//
// TensorDumper
//===----------------------------------------------------------------------===//

StatusOr<std::unique_ptr<TensorDumper>>
TensorDumper::create(const std::string &directory) {
  if (directory.empty())
    return Status::error("tensor dump directory is empty");
  struct stat info;
  if (::stat(directory.c_str(), &info) == 0) {
    if (!S_ISDIR(info.st_mode))
      return Status::error(directory + ": not a directory");
  } else if (::mkdir(directory.c_str(), 0777) != 0) {
    return Status::error(directory +
                         ": cannot create directory: " + std::strerror(errno));
  }
  // A directory that exists but cannot be written is an error now, not at
  // the first launch.
  if (Status status = checkFileWritable(directory + "/index.json"); !status)
    return status;
  return std::unique_ptr<TensorDumper>(new TensorDumper(directory));
}

/// `name` with characters unsafe in file names replaced by '_'.
static std::string sanitize(const std::string &name) {
  std::string out = name;
  for (char &c : out)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' &&
        c != '.')
      c = '_';
  return out.substr(0, 100);
}

Status TensorDumper::onEvent(const LaunchEvent &event) {
  if (event.isNative)
    return Status::success();
  std::lock_guard<std::mutex> lock(mutex);
  uint64_t index = counter++;
  size_t first = event.args.size() - event.numOutputs;
  for (size_t k = 0; k < event.numOutputs; ++k) {
    const Value &value = event.args[first + k];
    if (!value.isTensor())
      continue;
    // A tensor in device memory the host cannot read (a GPU's) is copied
    // out first, once the launch is done (copyToHost waits for it).
    Tensor tensor = value.getTensor();
    DeviceAPI *device =
        tensor.getStorage() ? tensor.getStorage()->getDevice() : nullptr;
    if (device && !device->isHostAccessible()) {
      StatusOr<Tensor> host = Tensor::copyToHost(*device, tensor);
      if (!host)
        return host.getStatus();
      tensor = *host;
    }
    char prefix[32];
    std::snprintf(prefix, sizeof(prefix), "%04llu_",
                  static_cast<unsigned long long>(index));
    std::string file =
        prefix + sanitize(event.name) + "_" + std::to_string(k) + ".npy";
    Status status =
        writeNpyFile(directory + "/" + file, tensor, /*bf16AsU16=*/true);
    if (!status.ok())
      return status;
    entries.push_back(
        {file, event.name, event.location, formatShape(tensor.getShape()),
         bytecode::getDTypeName(tensor.getDType()), static_cast<uint32_t>(k)});
  }
  return Status::success();
}

Status TensorDumper::flush() {
  std::lock_guard<std::mutex> lock(mutex);
  std::string out = "[";
  for (size_t i = 0; i < entries.size(); ++i) {
    const Entry &entry = entries[i];
    out += i ? ",\n" : "\n";
    out += "  {\"file\": " + quoteJSON(entry.file) +
           ", \"kernel\": " + quoteJSON(entry.kernel) +
           ", \"output\": " + std::to_string(entry.output) +
           ", \"location\": " + quoteJSON(entry.location) + ", \"shape\": [";
    // shape is "2x3"; print it as a JSON list.
    std::string dims = entry.shape;
    for (char &c : dims)
      if (c == 'x')
        c = ',';
    out += dims + "], \"dtype\": " + quoteJSON(entry.dtype);
    if (entry.dtype == "bf16")
      out += ", \"note\": \"stored as raw bits in a <u2 array\"";
    out += "}";
  }
  out += "\n]\n";
  return writeTextFile(directory + "/index.json", out);
}
