//===- Inputs.cpp - Tensor literals and input specs of the tools ----------===//
//
// Parses `--input=` values: a type prefix "DIMSxDTYPE" (dims optional), an
// '=' and the values; or '@' and a .npy path. Values are checked against
// their element type's range (an i8 of 300 is an error, not a wrap).
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Inputs.h"
#include "strata/Runtime/Device.h"
#include "strata/Runtime/Module.h"
#include "strata/Runtime/Npy.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

using namespace strata::runtime;

/// Splits "1,2, 3 4" into tokens.
static std::vector<std::string> splitValues(const std::string &text) {
  std::vector<std::string> tokens;
  std::string current;
  for (char c : text) {
    if (c == ',' || c == ' ' || c == '\t' || c == '\n') {
      if (!current.empty())
        tokens.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty())
    tokens.push_back(current);
  return tokens;
}

/// Writes `token` as element `index` of `data`; false with `error` set when
/// it does not parse or does not fit.
static bool parseElement(const std::string &token, DType dtype, uint8_t *data,
                         int64_t index, std::string &error) {
  size_t size = bytecode::getDTypeSize(dtype);
  uint8_t *p = data + index * static_cast<int64_t>(size);
  auto bad = [&](const char *what) {
    error = "invalid " + std::string(bytecode::getDTypeName(dtype)) +
            " value '" + token + "'" +
            (what[0] ? std::string(" (") + what + ")" : "");
    return false;
  };
  switch (dtype) {
  case DType::F32:
  case DType::F64:
  case DType::F16:
  case DType::BF16: {
    char *end = nullptr;
    errno = 0;
    double value = std::strtod(token.c_str(), &end);
    if (end == token.c_str() || *end != '\0')
      return bad("");
    if (dtype == DType::F64) {
      std::memcpy(p, &value, 8);
    } else if (dtype == DType::F32) {
      float v = static_cast<float>(value);
      std::memcpy(p, &v, 4);
    } else {
      uint16_t v = dtype == DType::F16 ? floatToHalf(static_cast<float>(value))
                                       : floatToBF16(static_cast<float>(value));
      std::memcpy(p, &v, 2);
    }
    return true;
  }
  case DType::I1: {
    if (token == "1" || token == "true" || token == "True")
      *p = 1;
    else if (token == "0" || token == "false" || token == "False")
      *p = 0;
    else
      return bad("expected true/false/1/0");
    return true;
  }
  default:
    break;
  }
  char *end = nullptr;
  errno = 0;
  if (dtype == DType::U64) {
    // The full unsigned range; strtoull would accept "-1" as UINT64_MAX.
    if (token.empty() || token[0] == '-')
      return bad(token.empty() ? "" : "out of range");
    unsigned long long value = std::strtoull(token.c_str(), &end, 0);
    if (end == token.c_str() || *end != '\0')
      return bad("");
    if (errno == ERANGE)
      return bad("out of range");
    uint64_t v = value;
    std::memcpy(p, &v, 8);
    return true;
  }
  long long value = std::strtoll(token.c_str(), &end, 0);
  if (end == token.c_str() || *end != '\0')
    return bad("");
  if (errno == ERANGE)
    return bad("out of range");
  int64_t lo = 0, hi = 0;
  switch (dtype) {
  case DType::I8:
    lo = INT8_MIN, hi = INT8_MAX;
    break;
  case DType::U8:
    lo = 0, hi = UINT8_MAX;
    break;
  case DType::I16:
    lo = INT16_MIN, hi = INT16_MAX;
    break;
  case DType::I32:
    lo = INT32_MIN, hi = INT32_MAX;
    break;
  case DType::U16:
    lo = 0, hi = UINT16_MAX;
    break;
  case DType::U32:
    lo = 0, hi = UINT32_MAX;
    break;
  default:
    lo = std::numeric_limits<int64_t>::min();
    hi = std::numeric_limits<int64_t>::max();
    break;
  }
  if (value < lo || value > hi)
    return bad("out of range");
  int64_t v = value;
  switch (size) {
  case 1: {
    uint8_t b = static_cast<uint8_t>(v);
    std::memcpy(p, &b, 1);
    break;
  }
  case 2: {
    int16_t h = static_cast<int16_t>(v);
    std::memcpy(p, &h, 2);
    break;
  }
  case 4: {
    int32_t w = static_cast<int32_t>(v);
    std::memcpy(p, &w, 4);
    break;
  }
  default:
    std::memcpy(p, &v, 8);
  }
  return true;
}

StatusOr<Tensor> strata::runtime::parseTensorLiteral(const std::string &text) {
  auto fail = [&](const std::string &message) {
    return Status::error("input '" + text + "': " + message);
  };
  size_t equals = text.find('=');
  if (equals == std::string::npos)
    return fail("expected TYPE=VALUES (e.g. 2x3xf32=1,2,3,4,5,6) or @FILE.npy");
  std::string type = text.substr(0, equals);
  std::string values = text.substr(equals + 1);
  // "2x3xf32": dims then the element type, separated by 'x'.
  std::vector<int64_t> dims;
  std::string dtypeName = type;
  size_t start = 0;
  for (;;) {
    size_t x = type.find('x', start);
    if (x == std::string::npos) {
      dtypeName = type.substr(start);
      break;
    }
    std::string dim = type.substr(start, x - start);
    if (dim.empty() || dim.find_first_not_of("0123456789") != std::string::npos)
      return fail("bad dimension '" + dim + "' in type '" + type + "'");
    if (dim.size() > 15)
      return fail("dimension '" + dim + "' is too large");
    dims.push_back(std::stoll(dim));
    start = x + 1;
  }
  DType dtype = parseDType(dtypeName);
  if (dtype == DType::Invalid)
    return fail("unknown element type '" + dtypeName +
                "' (expected f32, f64, f16, bf16, i1, i8, i16, i32, i64, u8)");
  StatusOr<Shape> shape = Shape::get(dims.data(), dims.size());
  if (!shape)
    return fail(shape.message());
  StatusOr<Tensor> tensor =
      Tensor::allocate(getDefaultCPUDevice(), dtype, *shape);
  if (!tensor)
    return fail(tensor.message());
  std::vector<std::string> tokens = splitValues(values);
  int64_t count = shape->getNumElements();
  std::string error;
  if (tokens.size() == 1 && count != 1) {
    // One value fills the tensor.
    for (int64_t i = 0; i < count; ++i)
      if (!parseElement(tokens[0], dtype, tensor->getData(), i, error))
        return fail(error);
    return tensor;
  }
  if (static_cast<int64_t>(tokens.size()) != count)
    return fail("expected " + std::to_string(count) + " value" +
                (count == 1 ? "" : "s") + " for " + tensor->getTypeString() +
                ", got " + std::to_string(tokens.size()));
  for (int64_t i = 0; i < count; ++i)
    if (!parseElement(tokens[i], dtype, tensor->getData(), i, error))
      return fail(error);
  return tensor;
}

StatusOr<Value>
strata::runtime::parseInputSpec(const std::string &spec,
                                const bytecode::TypeEntry &expected) {
  StatusOr<Tensor> tensor = spec.size() > 1 && spec[0] == '@'
                                ? readNpyFile(spec.substr(1))
                                : parseTensorLiteral(spec);
  if (!tensor)
    return tensor.getStatus();
  // numpy has no bf16: a bf16 argument reads a .npy of its raw bits ('<u2'),
  // as strata-run writes bf16 results.
  if (expected.kind == static_cast<uint8_t>(bytecode::TypeKind::Tensor) &&
      expected.dtype == static_cast<uint8_t>(DType::BF16) &&
      tensor->getDType() == DType::U16 && spec[0] == '@') {
    tensor = Tensor::view(tensor->getStorage(), tensor->getByteOffset(),
                          DType::BF16, tensor->getShape());
    if (!tensor)
      return tensor.getStatus();
  }
  if (expected.kind == static_cast<uint8_t>(bytecode::TypeKind::I64) &&
      tensor->getRank() == 0) {
    DType dtype = tensor->getDType();
    if (dtype == DType::I64 || dtype == DType::I32 || dtype == DType::I16 ||
        dtype == DType::I8 || dtype == DType::U8 || dtype == DType::U16 ||
        dtype == DType::U32 || dtype == DType::U64)
      return Value::i64(readElementAsInt(*tensor, 0));
  }
  return Value::tensor(std::move(*tensor));
}

StatusOr<PreparedCall>
strata::runtime::prepareCall(const std::string &modulePath,
                             const std::string &function,
                             const std::vector<std::string> &inputs) {
  StatusOr<std::unique_ptr<Module>> loaded = Module::loadFile(modulePath);
  if (!loaded)
    return loaded.getStatus();
  PreparedCall call;
  call.module = std::shared_ptr<const Module>(std::move(*loaded));
  int index = call.module->findFunction(function);
  if (index < 0)
    return Status::error("no function named '" + function + "' in " +
                         modulePath);
  call.function = static_cast<uint32_t>(index);
  const bytecode::FunctionEntry &entry = call.module->getFunctions()[index];
  if (inputs.size() != entry.numArgs)
    return Status::error("function '" + function + "' takes " +
                         std::to_string(entry.numArgs) + " argument" +
                         (entry.numArgs == 1 ? "" : "s") + ", got " +
                         std::to_string(inputs.size()) + " --input");
  Span<uint32_t> registerTypes = call.module->getRegisterTypes(entry);
  for (size_t i = 0; i < inputs.size(); ++i) {
    StatusOr<Value> value =
        parseInputSpec(inputs[i], call.module->getTypes()[registerTypes[i]]);
    if (!value)
      return Status::error("argument " + std::to_string(i) + ": " +
                           value.message());
    call.args.push_back(std::move(*value));
  }
  return call;
}

bool strata::runtime::getFlagValue(const std::string &arg, const char *name,
                                   std::string &value) {
  std::string prefix = std::string("--") + name + "=";
  if (arg.compare(0, prefix.size(), prefix) != 0)
    return false;
  value = arg.substr(prefix.size());
  return true;
}

bool strata::runtime::parseCount(const std::string &text, long lo, long hi,
                                 long &out) {
  char *end = nullptr;
  errno = 0;
  out = std::strtol(text.c_str(), &end, 10);
  return !text.empty() && *end == '\0' && errno == 0 && out >= lo && out <= hi;
}
