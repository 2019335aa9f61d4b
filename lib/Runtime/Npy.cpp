//===- Npy.cpp - Reading and writing numpy .npy files ---------------------===//
//
// The header is a Python dict literal, e.g.
//   {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
// padded with spaces and a newline so that the data starts 64-byte
// aligned. The parser accepts exactly the keys numpy writes, in any order,
// with either quote style, and rejects anything it cannot represent
// (big-endian, Fortran order, object or structured dtypes, rank > 8).
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Npy.h"
#include "strata/Runtime/Device.h"
#include "strata/Runtime/Files.h"

#include <cctype>
#include <cstdio>
#include <cstring>

using namespace strata::runtime;

const char *strata::runtime::getNpyDescr(DType dtype) {
  switch (dtype) {
  case DType::F32:
    return "<f4";
  case DType::F64:
    return "<f8";
  case DType::F16:
    return "<f2";
  case DType::I1:
    return "|b1";
  case DType::I8:
    return "|i1";
  case DType::I16:
    return "<i2";
  case DType::I32:
    return "<i4";
  case DType::I64:
    return "<i8";
  case DType::U8:
    return "|u1";
  case DType::U16:
    return "<u2";
  case DType::U32:
    return "<u4";
  case DType::U64:
    return "<u8";
  case DType::BF16:
  case DType::Invalid:
    break;
  }
  return "";
}

/// The dtype of a numpy descr, or Invalid.
static DType parseDescr(const std::string &descr) {
  if (descr.size() < 3)
    return DType::Invalid;
  char order = descr[0];
  std::string type = descr.substr(1);
  // One-byte types may carry any byte-order mark.
  if (type == "b1")
    return DType::I1;
  if (type == "i1")
    return DType::I8;
  if (type == "u1")
    return DType::U8;
  if (order != '<' && order != '=')
    return DType::Invalid;
  if (type == "u2")
    return DType::U16;
  if (type == "u4")
    return DType::U32;
  if (type == "u8")
    return DType::U64;
  if (type == "f4")
    return DType::F32;
  if (type == "f8")
    return DType::F64;
  if (type == "f2")
    return DType::F16;
  if (type == "i2")
    return DType::I16;
  if (type == "i4")
    return DType::I32;
  if (type == "i8")
    return DType::I64;
  return DType::Invalid;
}

namespace {
/// A cursor over the header dict.
struct HeaderParser {
  const std::string &text;
  size_t pos = 0;

  void skipSpace() {
    while (pos < text.size() &&
           std::isspace(static_cast<unsigned char>(text[pos])))
      ++pos;
  }
  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  bool parseString(std::string &out) {
    skipSpace();
    if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"'))
      return false;
    char quote = text[pos++];
    size_t end = text.find(quote, pos);
    if (end == std::string::npos)
      return false;
    out = text.substr(pos, end - pos);
    pos = end + 1;
    return true;
  }
  bool parseWord(std::string &out) {
    skipSpace();
    size_t start = pos;
    while (pos < text.size() &&
           std::isalpha(static_cast<unsigned char>(text[pos])))
      ++pos;
    out = text.substr(start, pos - start);
    return !out.empty();
  }
  bool parseInt(int64_t &out) {
    skipSpace();
    size_t start = pos;
    while (pos < text.size() &&
           std::isdigit(static_cast<unsigned char>(text[pos])))
      ++pos;
    if (start == pos || pos - start > 18)
      return false;
    out = std::stoll(text.substr(start, pos - start));
    // numpy may write "3L" in Python 2 files.
    if (pos < text.size() && text[pos] == 'L')
      ++pos;
    return true;
  }
};
} // namespace

StatusOr<Tensor> strata::runtime::parseNpy(const uint8_t *data, size_t size,
                                           const std::string &name) {
  auto fail = [&](const std::string &message) {
    return Status::error(name + ": " + message);
  };
  static const char magic[] = "\x93NUMPY";
  if (size < 10 || std::memcmp(data, magic, 6) != 0)
    return fail("not a .npy file (bad magic)");
  unsigned major = data[6];
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = data[8] | (size_t(data[9]) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (size < 12)
      return fail("truncated .npy header");
    headerLength = data[8] | (size_t(data[9]) << 8) | (size_t(data[10]) << 16) |
                   (size_t(data[11]) << 24);
    headerStart = 12;
  } else {
    return fail("unsupported .npy version " + std::to_string(major) + "." +
                std::to_string(data[7]));
  }
  if (headerLength > size - headerStart)
    return fail("truncated .npy header");
  std::string header(reinterpret_cast<const char *>(data + headerStart),
                     headerLength);

  HeaderParser parser{header};
  std::string descr;
  bool haveDescr = false, haveOrder = false, haveShape = false;
  bool fortran = false;
  std::vector<int64_t> dims;
  if (!parser.consume('{'))
    return fail("malformed .npy header (expected '{')");
  while (!parser.consume('}')) {
    std::string key;
    if (!parser.parseString(key) || !parser.consume(':'))
      return fail("malformed .npy header (expected 'key':)");
    if (key == "descr") {
      if (!parser.parseString(descr))
        return fail("malformed .npy header: 'descr' must be a string "
                    "(structured dtypes are not supported)");
      haveDescr = true;
    } else if (key == "fortran_order") {
      std::string word;
      if (!parser.parseWord(word) || (word != "True" && word != "False"))
        return fail("malformed .npy header: bad 'fortran_order'");
      fortran = word == "True";
      haveOrder = true;
    } else if (key == "shape") {
      if (!parser.consume('('))
        return fail("malformed .npy header: 'shape' must be a tuple");
      while (!parser.consume(')')) {
        int64_t dim;
        if (!parser.parseInt(dim))
          return fail("malformed .npy header: bad dimension in 'shape'");
        dims.push_back(dim);
        if (!parser.consume(',')) {
          if (!parser.consume(')'))
            return fail("malformed .npy header: bad 'shape'");
          break;
        }
      }
      haveShape = true;
    } else {
      return fail("malformed .npy header: unknown key '" + key + "'");
    }
    if (!parser.consume(',')) {
      if (!parser.consume('}'))
        return fail("malformed .npy header (expected ',' or '}')");
      break;
    }
  }
  if (!haveDescr || !haveOrder || !haveShape)
    return fail("malformed .npy header: 'descr', 'fortran_order' and "
                "'shape' are required");
  if (fortran)
    return fail("Fortran-order arrays are not supported (save a C-order "
                "array: np.ascontiguousarray)");
  DType dtype = parseDescr(descr);
  if (dtype == DType::Invalid)
    return fail("unsupported dtype '" + descr +
                "' (supported: little-endian f4 f8 f2 b1 i1 i2 i4 i8 u1)");
  StatusOr<Shape> shape = Shape::get(dims.data(), dims.size());
  if (!shape)
    return fail(shape.message());
  size_t dataStart = headerStart + headerLength;
  int64_t count = shape->getNumElements();
  int64_t bytes;
  if (__builtin_mul_overflow(
          count, static_cast<int64_t>(bytecode::getDTypeSize(dtype)), &bytes))
    return fail("array size overflows");
  if (static_cast<uint64_t>(bytes) > size - dataStart)
    return fail("truncated data: expected " + std::to_string(bytes) +
                " bytes, file has " + std::to_string(size - dataStart));
  if (static_cast<uint64_t>(bytes) != size - dataStart)
    return fail("unexpected " +
                std::to_string(size - dataStart - static_cast<size_t>(bytes)) +
                " trailing bytes after the data");
  StatusOr<Tensor> tensor =
      Tensor::copyFrom(getDefaultCPUDevice(), dtype, *shape, data + dataStart,
                       static_cast<size_t>(bytes));
  if (!tensor)
    return fail(tensor.message());
  if (dtype == DType::I1) {
    // numpy's bool is one byte 0/1; normalize anything else.
    uint8_t *p = tensor->getData();
    for (int64_t i = 0; i < count; ++i)
      p[i] = p[i] ? 1 : 0;
  }
  return tensor;
}

StatusOr<Tensor> strata::runtime::readNpyFile(const std::string &path) {
  StatusOr<FileBytes> bytes = FileBytes::read(path, /*allowStreams=*/true);
  if (!bytes)
    return bytes.getStatus();
  return parseNpy(bytes->data(), bytes->size(), path);
}

StatusOr<std::vector<uint8_t>> strata::runtime::encodeNpy(const Tensor &tensor,
                                                          bool bf16AsU16) {
  if (tensor.isNull())
    return Status::error("cannot write a null tensor as .npy");
  std::string descr = getNpyDescr(tensor.getDType());
  if (tensor.getDType() == DType::BF16) {
    if (!bf16AsU16)
      return Status::error("bf16 has no numpy dtype; convert the tensor to "
                           "f32 (or write its raw bits as '<u2')");
    descr = "<u2";
  }
  if (descr.empty())
    return Status::error(
        "cannot write dtype " +
        std::string(bytecode::getDTypeName(tensor.getDType())) + " as .npy");
  std::string shape = "(";
  for (uint32_t i = 0; i < tensor.getRank(); ++i)
    shape += std::to_string(tensor.getDim(i)) + ", ";
  if (tensor.getRank() > 1)
    shape.resize(shape.size() - 2);
  else if (tensor.getRank() == 1)
    shape.resize(shape.size() - 1);
  shape += ")";
  std::string header = "{'descr': '" + descr +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Pad with spaces + '\n' so that the data starts 64-byte aligned.
  size_t prefix = header.size() + 1 + 10 > 65535 ? 12 : 10;
  size_t total = prefix + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::vector<uint8_t> out;
  size_t bytes = tensor.getByteSize();
  out.reserve(prefix + header.size() + bytes);
  const char magic[] = "\x93NUMPY";
  out.insert(out.end(), magic, magic + 6);
  out.push_back(prefix == 10 ? 1 : 2);
  out.push_back(0);
  size_t length = header.size();
  out.push_back(length & 0xff);
  out.push_back((length >> 8) & 0xff);
  if (prefix == 12) {
    out.push_back((length >> 16) & 0xff);
    out.push_back((length >> 24) & 0xff);
  }
  out.insert(out.end(), header.begin(), header.end());
  const uint8_t *data = tensor.getData();
  out.insert(out.end(), data, data + bytes);
  return out;
}

Status strata::runtime::writeNpyFile(const std::string &path,
                                     const Tensor &tensor, bool bf16AsU16) {
  StatusOr<std::vector<uint8_t>> bytes = encodeNpy(tensor, bf16AsU16);
  if (!bytes)
    return Status::error(path + ": " + bytes.message());
  return writeFileAtomically(path, bytes->data(), bytes->size());
}
