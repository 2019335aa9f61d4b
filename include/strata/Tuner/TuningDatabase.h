//===- TuningDatabase.h - Measured schedules of kernels ---------*- C++ -*-===//
//
// The tuning database: schedules of kernels measured on a target, in one
// file of JSON Lines (one record, a JSON object, per line) that a tuner
// appends to as it measures, that several runs' files merge into by
// concatenation, and that any tool reads. strata-compile --tuning-db=FILE
// gives each kernel the fastest schedule the file holds for it on the
// compilation's target (kernel-select-schedule), the heuristics' elsewhere.
//
// A record:
//   {"version": 1, "kernel": "<64 hex digits>", "target":
//   "#kernel.target<...>",
//    "schedule": "#kernel.schedule<...>", "time_us": 12.5,
//    "heuristic_time_us": 20.0, "compiler": "Strata 0.1 (MLIR 22.1.0)",
//    "name": "conv_dispatch_3"}
// `kernel` is the kernel's fingerprint (Fingerprint.h), `target` and
// `schedule` the printed attributes; a candidate that failed (did not
// compile, crashed, timed out, or computed wrong values) has an "error"
// instead of a "time_us", so that a resumed tuner does not measure it
// again. `heuristic_time_us`, `compiler` and `name` are informational.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TUNER_TUNINGDATABASE_H
#define STRATA_TUNER_TUNINGDATABASE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/LogicalResult.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace strata::tuner {

/// The format version of the records this build reads and writes.
inline constexpr int64_t kTuningRecordVersion = 1;

/// One measured (or failed) schedule of one kernel on one target.
struct TuningRecord {
  /// The kernel's fingerprint (getKernelFingerprint): 64 lowercase hex
  /// digits.
  std::string kernel;
  /// The printed #kernel.target the schedule was measured on.
  std::string target;
  /// The printed #kernel.schedule.
  std::string schedule;
  /// The kernel's measured time with this schedule, in microseconds; none
  /// when the candidate failed.
  std::optional<double> timeUs;
  /// The kernel's measured time with the heuristics' schedule.
  std::optional<double> heuristicTimeUs;
  /// Why the candidate failed.
  std::string error;
  /// The compiler that measured it (getVersionString()).
  std::string compiler;
  /// The kernel's name in the model it was measured in.
  std::string name;

  bool isFailure() const { return !timeUs.has_value(); }
  bool operator==(const TuningRecord &other) const;
};

/// The records of one or more tuning database files.
class TuningDatabase {
public:
  /// Reads the database at `path`: an error naming the file and line of the
  /// first record that is not valid (a corrupted or foreign file is never
  /// half-used).
  static llvm::Expected<TuningDatabase> load(llvm::StringRef path);
  /// Reads a database from `text`; errors name `bufferName`.
  static llvm::Expected<TuningDatabase> parse(llvm::StringRef text,
                                              llvm::StringRef bufferName);

  /// Adds `record` (a record equal to one already held is not added again).
  void add(TuningRecord record);
  /// Adds the records of `other`.
  void merge(const TuningDatabase &other);

  /// The fastest successful record of `kernel` on `target` (ties: the
  /// smallest schedule text, so that the choice does not depend on the
  /// records' order); null when there is none.
  const TuningRecord *lookupBest(llvm::StringRef kernel,
                                 llvm::StringRef target) const;

  llvm::ArrayRef<TuningRecord> getRecords() const { return records; }

  /// `record` as one line of the file (no newline).
  static std::string print(const TuningRecord &record);
  /// Appends `record` to the file at `path` (created when missing).
  static llvm::Error append(llvm::StringRef path, const TuningRecord &record);
  /// Writes every record to `path` (a temporary file renamed into place).
  llvm::Error save(llvm::StringRef path) const;

private:
  std::vector<TuningRecord> records;
};

/// For passes: the database at `path`, or none when `path` is empty; a
/// failure, its reason emitted as an error at `op`, when it cannot be read
/// or holds a record that is not valid.
llvm::FailureOr<std::optional<TuningDatabase>>
loadTuningDatabase(mlir::Operation *op, llvm::StringRef path);

} // namespace strata::tuner

#endif // STRATA_TUNER_TUNINGDATABASE_H
