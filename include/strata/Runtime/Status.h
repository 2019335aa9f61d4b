//===- Status.h - Errors of the runtime, without exceptions -----*- C++ -*-===//
//
// Every runtime entry point that can fail returns a Status or a StatusOr<T>
// carrying a message meant for the user ("argument 0 (x): expected shape
// 2x3, got 2x4"). The runtime never throws and never aborts on bad input.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_STATUS_H
#define STRATA_RUNTIME_STATUS_H

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace strata::runtime {

/// Success, or an error with a message.
class [[nodiscard]] Status {
public:
  Status() = default;
  static Status success() { return Status(); }
  static Status error(std::string message) {
    Status status;
    status.failed = true;
    status.text = std::move(message);
    return status;
  }

  bool ok() const { return !failed; }
  explicit operator bool() const { return ok(); }
  const std::string &message() const { return text; }

private:
  bool failed = false;
  std::string text;
};

/// A value, or the Status saying why there is none.
template <typename T>
class [[nodiscard]] StatusOr {
public:
  StatusOr(T value) : value(std::move(value)) {}
  StatusOr(Status status) : status(std::move(status)) {
    assert(!this->status.ok() && "StatusOr needs a value or an error");
  }

  bool ok() const { return value.has_value(); }
  explicit operator bool() const { return ok(); }
  const Status &getStatus() const { return status; }
  const std::string &message() const { return status.message(); }

  T &operator*() { return *value; }
  const T &operator*() const { return *value; }
  T *operator->() { return &*value; }
  const T *operator->() const { return &*value; }

private:
  std::optional<T> value;
  Status status;
};

} // namespace strata::runtime

#endif // STRATA_RUNTIME_STATUS_H
