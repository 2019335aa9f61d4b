//===- TensorPrinting.cpp - numpy-like printing of tensors ----------------===//
//
// formatTensor, which prints values the way numpy's str() does (same float
// formatting rules: shortest round-trip digits, at most 8 decimals,
// scientific notation for very large/small ranges, aligned columns, line
// wrapping at 75, and summarization with "..." past 1000 elements), so that
// strata-run's output reads like a numpy session's.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Tensor.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>

using namespace strata::runtime;

namespace {

/// Digits of one float: the shortest text that reads back as the same
/// value of the tensor's element type.
std::string shortestText(double value, DType dtype, bool scientific) {
  char buffer[64];
  std::chars_format format =
      scientific ? std::chars_format::scientific : std::chars_format::fixed;
  if (dtype == DType::F64) {
    auto result = std::to_chars(buffer, buffer + sizeof(buffer), value, format);
    return std::string(buffer, result.ptr);
  }
  if (dtype == DType::F32) {
    auto result = std::to_chars(buffer, buffer + sizeof(buffer),
                                static_cast<float>(value), format);
    return std::string(buffer, result.ptr);
  }
  // f16 / bf16: the fewest significant digits that round-trip through the
  // narrow type.
  auto roundTrip = [&](double candidate) {
    float f = static_cast<float>(candidate);
    return dtype == DType::F16 ? halfToFloat(floatToHalf(f)) == value
                               : bf16ToFloat(floatToBF16(f)) == value;
  };
  for (int digits = 1; digits <= 17; ++digits) {
    auto result = std::to_chars(buffer, buffer + sizeof(buffer), value,
                                std::chars_format::scientific, digits - 1);
    std::string text(buffer, result.ptr);
    double parsed = std::strtod(text.c_str(), nullptr);
    if (!roundTrip(parsed))
      continue;
    if (scientific)
      return text;
    // Positional: print the parsed value's shortest double form.
    result = std::to_chars(buffer, buffer + sizeof(buffer), parsed,
                           std::chars_format::fixed);
    return std::string(buffer, result.ptr);
  }
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value, format);
  return std::string(buffer, result.ptr);
}

/// Positional digits with at most `precision` decimals: "1." "0.5" "-2.25"
/// (numpy's dragon4_positional with unique=True, trim='.').
std::string positional(double value, DType dtype, int precision) {
  std::string text = shortestText(value, dtype, /*scientific=*/false);
  size_t dot = text.find('.');
  if (dot != std::string::npos &&
      text.size() - dot - 1 > static_cast<size_t>(precision)) {
    // More digits than the precision allows: round at `precision`.
    char buffer[512];
    auto result = std::to_chars(buffer, buffer + sizeof(buffer), value,
                                std::chars_format::fixed, precision);
    text.assign(buffer, result.ptr);
    while (!text.empty() && text.back() == '0')
      text.pop_back();
    dot = text.find('.');
  }
  if (dot == std::string::npos)
    text += '.';
  return text;
}

/// Scientific parts: mantissa integer digits, fraction digits, exponent
/// (numpy's dragon4_scientific with unique=True, trim='.').
struct SciParts {
  std::string intPart, fracPart;
  int exponent = 0;
};
SciParts scientificParts(double value, DType dtype, int precision) {
  std::string text = shortestText(value, dtype, /*scientific=*/true);
  size_t e = text.find('e');
  std::string mantissa = text.substr(0, e);
  int exponent = std::atoi(text.c_str() + e + 1);
  size_t dot = mantissa.find('.');
  if (dot != std::string::npos &&
      mantissa.size() - dot - 1 > static_cast<size_t>(precision)) {
    char buffer[64];
    auto result = std::to_chars(buffer, buffer + sizeof(buffer), value,
                                std::chars_format::scientific, precision);
    text.assign(buffer, result.ptr);
    e = text.find('e');
    mantissa = text.substr(0, e);
    exponent = std::atoi(text.c_str() + e + 1);
    while (mantissa.find('.') != std::string::npos && mantissa.back() == '0')
      mantissa.pop_back();
    dot = mantissa.find('.');
  }
  SciParts parts;
  parts.exponent = exponent;
  if (dot == std::string::npos) {
    parts.intPart = mantissa;
  } else {
    parts.intPart = mantissa.substr(0, dot);
    parts.fracPart = mantissa.substr(dot + 1);
  }
  return parts;
}

/// numpy's FloatingFormat: decides the layout from all printed values, then
/// formats each one into a fixed-width column.
class FloatFormatter {
public:
  FloatFormatter(const std::vector<double> &values, DType dtype, int precision)
      : dtype(dtype), precision(precision) {
    std::vector<double> finite;
    bool anyNegInf = false, anyNonFinite = false;
    for (double v : values) {
      if (std::isfinite(v))
        finite.push_back(v);
      else {
        anyNonFinite = true;
        if (std::isinf(v) && v < 0)
          anyNegInf = true;
      }
    }
    double maxAbs = 0, minAbs = INFINITY;
    bool anyNonZero = false;
    for (double v : finite) {
      if (v == 0)
        continue;
      anyNonZero = true;
      maxAbs = std::max(maxAbs, std::fabs(v));
      minAbs = std::min(minAbs, std::fabs(v));
    }
    // numpy >= 2.3 switches to scientific notation above 10^precision of
    // the type (np.finfo(dtype).precision, capped at 8).
    double cutoff = dtype == DType::F64   ? 1e8
                    : dtype == DType::F32 ? 1e6
                    : dtype == DType::F16 ? 1e3
                                          : 1e2;
    if (anyNonZero &&
        (maxAbs >= cutoff || minAbs < 0.0001 || maxAbs / minAbs > 1000.))
      expFormat = true;

    if (finite.empty()) {
      padLeft = 0;
      padRight = 0;
    } else if (expFormat) {
      size_t maxFrac = 0, maxInt = 0, maxExp = 0;
      for (double v : finite) {
        SciParts parts = scientificParts(v, dtype, precision);
        maxFrac = std::max(maxFrac, parts.fracPart.size());
        maxInt = std::max(maxInt, parts.intPart.size());
        maxExp =
            std::max(maxExp, std::to_string(std::abs(parts.exponent)).size());
      }
      expSize = std::max<size_t>(maxExp, 2);
      fracDigits = maxFrac;
      padLeft = maxInt;
      padRight = expSize + 2 + fracDigits;
    } else {
      for (double v : finite) {
        std::string text = positional(v, dtype, precision);
        size_t dot = text.find('.');
        padLeft = std::max(padLeft, dot);
        padRight = std::max(padRight, text.size() - dot - 1);
      }
    }
    if (anyNonFinite) {
      size_t offset = padRight + 1;
      size_t nanLen = 3, infLen = 3 + (anyNegInf ? 1 : 0);
      if (nanLen > offset)
        padLeft = std::max(padLeft, nanLen - offset);
      if (infLen > offset)
        padLeft = std::max(padLeft, infLen - offset);
    }
  }

  std::string format(double v) const {
    if (!std::isfinite(v)) {
      std::string text = std::isnan(v) ? "nan" : (v < 0 ? "-inf" : "inf");
      size_t width = padLeft + padRight + 1;
      return std::string(width > text.size() ? width - text.size() : 0, ' ') +
             text;
    }
    if (expFormat) {
      SciParts parts = scientificParts(v, dtype, precision);
      if (parts.fracPart.size() < fracDigits) {
        // numpy pads with further digits of the exact value (dragon4's
        // min_digits), not with zeros: 8.4424391e-07, not 8.4424390e-07.
        char buffer[64];
        auto result = std::to_chars(buffer, buffer + sizeof(buffer), v,
                                    std::chars_format::scientific,
                                    static_cast<int>(fracDigits));
        std::string text(buffer, result.ptr);
        size_t e = text.find('e'), dot = text.find('.');
        parts.intPart = text.substr(0, dot == std::string::npos ? e : dot);
        parts.fracPart = dot == std::string::npos
                             ? std::string()
                             : text.substr(dot + 1, e - dot - 1);
        parts.exponent = std::atoi(text.c_str() + e + 1);
      }
      std::string frac = parts.fracPart;
      std::string exponent = std::to_string(std::abs(parts.exponent));
      if (exponent.size() < expSize)
        exponent = std::string(expSize - exponent.size(), '0') + exponent;
      std::string text = parts.intPart;
      if (text.size() < padLeft)
        text = std::string(padLeft - text.size(), ' ') + text;
      return text + "." + frac + "e" + (parts.exponent < 0 ? "-" : "+") +
             exponent;
    }
    std::string text = positional(v, dtype, precision);
    size_t dot = text.find('.');
    size_t right = text.size() - dot - 1;
    if (dot < padLeft)
      text = std::string(padLeft - dot, ' ') + text;
    if (right < padRight)
      text += std::string(padRight - right, ' ');
    return text;
  }

private:
  DType dtype;
  int precision;
  bool expFormat = false;
  size_t padLeft = 0, padRight = 0, expSize = 0, fracDigits = 0;
};

/// A Python float's repr for 0-d arrays: "3.5", "1.0", "1e-05", "inf".
std::string scalarFloatText(double v, DType dtype) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  double magnitude = std::fabs(v);
  if (v != 0 && (magnitude >= 1e16 || magnitude < 1e-4)) {
    std::string text = shortestText(v, dtype, /*scientific=*/true);
    // to_chars writes "1e-05" like Python; keep it.
    return text;
  }
  std::string text = shortestText(v, dtype, /*scientific=*/false);
  if (text.find('.') == std::string::npos)
    text += ".0";
  return text;
}

} // namespace

std::string strata::runtime::formatTensor(const Tensor &tensor,
                                          const FormatOptions &options) {
  if (tensor.isNull())
    return "<null tensor>";
  DType dtype = tensor.getDType();
  const Shape &shape = tensor.getShape();
  int64_t numElements = tensor.getNumElements();
  bool isFloat = dtype == DType::F32 || dtype == DType::F64 ||
                 dtype == DType::F16 || dtype == DType::BF16;

  if (shape.rank == 0) {
    if (dtype == DType::I1)
      return readElementAsInt(tensor, 0) ? "True" : "False";
    if (isFloat)
      return scalarFloatText(readElementAsDouble(tensor, 0), dtype);
    return std::to_string(readElementAsInt(tensor, 0));
  }

  if (numElements == 0)
    return "[]";
  bool summarize = numElements > options.threshold;
  int64_t edge = options.edgeItems;
  // Row-major strides in elements.
  int64_t strides[bytecode::kMaxRank];
  int64_t stride = 1;
  for (int i = static_cast<int>(shape.rank) - 1; i >= 0; --i) {
    strides[i] = stride;
    stride *= shape.dims[i];
  }

  // Visit the printed elements (the leading/trailing edges of each
  // summarized dimension), to size the columns from them only, as numpy
  // does.
  std::vector<int64_t> printed;
  std::function<void(uint32_t, int64_t)> collect = [&](uint32_t axis,
                                                       int64_t base) {
    if (axis == shape.rank) {
      printed.push_back(base);
      return;
    }
    int64_t n = shape.dims[axis];
    if (summarize && 2 * edge < n) {
      for (int64_t i = 0; i < edge; ++i)
        collect(axis + 1, base + i * strides[axis]);
      for (int64_t i = n - edge; i < n; ++i)
        collect(axis + 1, base + i * strides[axis]);
    } else {
      for (int64_t i = 0; i < n; ++i)
        collect(axis + 1, base + i * strides[axis]);
    }
  };
  collect(0, 0);

  std::function<std::string(int64_t)> formatElement;
  std::unique_ptr<FloatFormatter> floatFormatter;
  if (dtype == DType::I1) {
    formatElement = [&](int64_t index) {
      return readElementAsInt(tensor, index) ? std::string(" True")
                                             : std::string("False");
    };
  } else if (isFloat) {
    std::vector<double> values;
    values.reserve(printed.size());
    for (int64_t index : printed)
      values.push_back(readElementAsDouble(tensor, index));
    floatFormatter =
        std::make_unique<FloatFormatter>(values, dtype, options.precision);
    formatElement = [&](int64_t index) {
      return floatFormatter->format(readElementAsDouble(tensor, index));
    };
  } else {
    // u64 elements print from their bit pattern, the others as int64.
    auto text = [&](int64_t index) {
      int64_t value = readElementAsInt(tensor, index);
      return dtype == DType::U64 ? std::to_string(static_cast<uint64_t>(value))
                                 : std::to_string(value);
    };
    size_t width = 0;
    for (int64_t index : printed)
      width = std::max(width, text(index).size());
    formatElement = [text, width](int64_t index) {
      std::string element = text(index);
      return std::string(width - std::min(width, element.size()), ' ') +
             element;
    };
  }

  // numpy's _formatArray with separator ' ' and next_line_prefix ' '.
  const std::string separator = " ";
  auto extendLine = [](std::string &s, std::string &line,
                       const std::string &word, int64_t lineWidth,
                       const std::string &nextLinePrefix) {
    bool needsWrap =
        static_cast<int64_t>(line.size() + word.size()) > lineWidth;
    if (line.size() <= nextLinePrefix.size())
      needsWrap = false;
    if (needsWrap) {
      size_t end = line.find_last_not_of(' ');
      s += line.substr(0, end == std::string::npos ? 0 : end + 1) + "\n";
      line = nextLinePrefix;
    }
    line += word;
  };
  std::function<std::string(uint32_t, int64_t, const std::string &, int64_t)>
      recurse = [&](uint32_t axis, int64_t base,
                    const std::string &hangingIndent,
                    int64_t currWidth) -> std::string {
    if (axis == shape.rank)
      return formatElement(base);
    std::string nextHangingIndent = hangingIndent + " ";
    int64_t nextWidth = currWidth - 1;
    int64_t length = shape.dims[axis];
    bool showSummary = summarize && 2 * edge < length;
    int64_t leading = showSummary ? edge : 0;
    int64_t trailing = showSummary ? edge : length;
    uint32_t axesLeft = shape.rank - axis;
    std::string s;
    auto element = [&](int64_t i) {
      return recurse(axis + 1, base + i * strides[axis], nextHangingIndent,
                     nextWidth);
    };
    if (length == 0)
      return "[]";
    if (axesLeft == 1) {
      int64_t elemWidth = currWidth - 1;
      std::string line = hangingIndent;
      for (int64_t i = 0; i < leading; ++i) {
        extendLine(s, line, element(i), elemWidth, hangingIndent);
        line += separator;
      }
      if (showSummary) {
        extendLine(s, line, "...", elemWidth, hangingIndent);
        line += separator;
      }
      for (int64_t i = trailing; i > 1; --i) {
        extendLine(s, line, element(length - i), elemWidth, hangingIndent);
        line += separator;
      }
      extendLine(s, line, element(length - 1), elemWidth, hangingIndent);
      s += line;
    } else {
      std::string lineSep = "\n";
      lineSep += std::string(axesLeft - 2, '\n');
      for (int64_t i = 0; i < leading; ++i)
        s += hangingIndent + element(i) + lineSep;
      if (showSummary)
        s += hangingIndent + "..." + lineSep;
      for (int64_t i = trailing; i > 1; --i)
        s += hangingIndent + element(length - i) + lineSep;
      s += hangingIndent + element(length - 1);
    }
    return "[" + s.substr(hangingIndent.size()) + "]";
  };
  return recurse(0, 0, " ", options.lineWidth);
}
