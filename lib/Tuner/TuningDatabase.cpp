//===- TuningDatabase.cpp - Measured schedules of kernels -----------------===//
//
// Implements TuningDatabase.h: JSON Lines records, read whole and checked
// line by line, appended one at a time, written atomically.
//
//===----------------------------------------------------------------------===//

#include "strata/Tuner/TuningDatabase.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace strata;
using namespace strata::tuner;

bool TuningRecord::operator==(const TuningRecord &other) const {
  return kernel == other.kernel && target == other.target &&
         schedule == other.schedule && timeUs == other.timeUs &&
         heuristicTimeUs == other.heuristicTimeUs && error == other.error &&
         compiler == other.compiler && name == other.name;
}

namespace {

/// Whether `text` is a fingerprint: 64 lowercase hex digits.
bool isFingerprint(llvm::StringRef text) {
  return text.size() == 64 && llvm::all_of(text, [](char c) {
           return llvm::isDigit(c) || (c >= 'a' && c <= 'f');
         });
}

/// Reads one line's record, or says what is wrong with it.
llvm::Expected<TuningRecord> parseRecord(llvm::StringRef line) {
  auto fail = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(line);
  if (!value)
    return fail("not JSON: " + llvm::toString(value.takeError()));
  const llvm::json::Object *object = value->getAsObject();
  if (!object)
    return fail("not a JSON object");
  std::optional<int64_t> version = object->getInteger("version");
  if (!version)
    return fail("no \"version\"");
  if (*version != kTuningRecordVersion)
    return fail("record version " + llvm::Twine(*version) +
                ", this compiler reads version " +
                llvm::Twine(kTuningRecordVersion));
  TuningRecord record;
  auto getString = [&](llvm::StringRef key, std::string &into,
                       bool required) -> llvm::Error {
    const llvm::json::Value *field = object->get(key);
    if (!field) {
      if (required)
        return fail("no \"" + key + "\"");
      return llvm::Error::success();
    }
    std::optional<llvm::StringRef> text = field->getAsString();
    if (!text || (required && text->empty()))
      return fail("\"" + key + "\" must be a non-empty string");
    into = text->str();
    return llvm::Error::success();
  };
  auto getTime = [&](llvm::StringRef key,
                     std::optional<double> &into) -> llvm::Error {
    const llvm::json::Value *field = object->get(key);
    if (!field)
      return llvm::Error::success();
    std::optional<double> number = field->getAsNumber();
    if (!number || !std::isfinite(*number) || *number <= 0)
      return fail("\"" + key + "\" must be a positive number of microseconds");
    into = *number;
    return llvm::Error::success();
  };
  if (llvm::Error error = getString("kernel", record.kernel, true))
    return std::move(error);
  if (!isFingerprint(record.kernel))
    return fail("\"kernel\" must be a fingerprint of 64 lowercase hex digits");
  if (llvm::Error error = getString("target", record.target, true))
    return std::move(error);
  if (llvm::Error error = getString("schedule", record.schedule, true))
    return std::move(error);
  if (llvm::Error error = getTime("time_us", record.timeUs))
    return std::move(error);
  if (llvm::Error error = getTime("heuristic_time_us", record.heuristicTimeUs))
    return std::move(error);
  if (llvm::Error error = getString("error", record.error, false))
    return std::move(error);
  if (llvm::Error error = getString("compiler", record.compiler, false))
    return std::move(error);
  if (llvm::Error error = getString("name", record.name, false))
    return std::move(error);
  if (record.timeUs.has_value() == !record.error.empty())
    return fail("a record has either a \"time_us\" (measured) or an "
                "\"error\" (failed)");
  return record;
}

} // namespace

llvm::Expected<TuningDatabase>
TuningDatabase::parse(llvm::StringRef text, llvm::StringRef bufferName) {
  TuningDatabase database;
  unsigned lineNumber = 0;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    text = rest;
    ++lineNumber;
    line = line.trim();
    if (line.empty())
      continue;
    llvm::Expected<TuningRecord> record = parseRecord(line);
    if (!record)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          bufferName + ":" + llvm::Twine(lineNumber) +
              ": not a tuning record: " + llvm::toString(record.takeError()));
    database.add(std::move(*record));
  }
  return database;
}

llvm::Expected<TuningDatabase> TuningDatabase::load(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   "cannot read the tuning database " + path +
                                       ": " + buffer.getError().message());
  return parse((*buffer)->getBuffer(), path);
}

void TuningDatabase::add(TuningRecord record) {
  if (llvm::is_contained(records, record))
    return;
  records.push_back(std::move(record));
}

void TuningDatabase::merge(const TuningDatabase &other) {
  for (const TuningRecord &record : other.records)
    add(record);
}

const TuningRecord *TuningDatabase::lookupBest(llvm::StringRef kernel,
                                               llvm::StringRef target) const {
  const TuningRecord *best = nullptr;
  for (const TuningRecord &record : records) {
    if (record.isFailure() || record.kernel != kernel ||
        record.target != target)
      continue;
    if (!best || *record.timeUs < *best->timeUs ||
        (*record.timeUs == *best->timeUs && record.schedule < best->schedule))
      best = &record;
  }
  return best;
}

std::string TuningDatabase::print(const TuningRecord &record) {
  llvm::json::Object object;
  object["version"] = kTuningRecordVersion;
  object["kernel"] = record.kernel;
  object["target"] = record.target;
  object["schedule"] = record.schedule;
  if (record.timeUs)
    object["time_us"] = *record.timeUs;
  if (record.heuristicTimeUs)
    object["heuristic_time_us"] = *record.heuristicTimeUs;
  if (!record.error.empty())
    object["error"] = record.error;
  if (!record.compiler.empty())
    object["compiler"] = record.compiler;
  if (!record.name.empty())
    object["name"] = record.name;
  std::string line;
  llvm::raw_string_ostream os(line);
  os << llvm::json::Value(std::move(object));
  return line;
}

llvm::Error TuningDatabase::append(llvm::StringRef path,
                                   const TuningRecord &record) {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_Append);
  if (error)
    return llvm::createStringError(error, "cannot append to the tuning "
                                          "database " +
                                              path + ": " + error.message());
  os << print(record) << '\n';
  os.close();
  if (os.has_error())
    return llvm::createStringError(os.error(),
                                   "cannot write the tuning database " + path +
                                       ": " + os.error().message());
  return llvm::Error::success();
}

llvm::Error TuningDatabase::save(llvm::StringRef path) const {
  llvm::SmallString<256> temporary(path);
  temporary += ".tmp-%%%%%%";
  int fd = -1;
  llvm::SmallString<256> temporaryPath;
  if (std::error_code error =
          llvm::sys::fs::createUniqueFile(temporary, fd, temporaryPath))
    return llvm::createStringError(error, "cannot write the tuning database " +
                                              path + ": " + error.message());
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    for (const TuningRecord &record : records)
      os << print(record) << '\n';
    os.close();
    if (os.has_error()) {
      llvm::sys::fs::remove(temporaryPath);
      return llvm::createStringError(os.error(),
                                     "cannot write the tuning database " +
                                         path + ": " + os.error().message());
    }
  }
  if (std::error_code error = llvm::sys::fs::rename(temporaryPath, path)) {
    llvm::sys::fs::remove(temporaryPath);
    return llvm::createStringError(error, "cannot write the tuning database " +
                                              path + ": " + error.message());
  }
  return llvm::Error::success();
}

llvm::FailureOr<std::optional<TuningDatabase>>
strata::tuner::loadTuningDatabase(mlir::Operation *op, llvm::StringRef path) {
  if (path.empty())
    return std::optional<TuningDatabase>();
  llvm::Expected<TuningDatabase> loaded = TuningDatabase::load(path);
  if (!loaded) {
    op->emitError() << llvm::toString(loaded.takeError());
    return llvm::failure();
  }
  return std::optional<TuningDatabase>(std::move(*loaded));
}
