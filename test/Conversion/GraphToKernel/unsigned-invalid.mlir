// RUN: strata-opt %s --convert-graph-to-kernel -verify-diagnostics

// An unsigned scalar in a signature has no tensor view.
// expected-error @+1 {{argument #0 of type 'ui8': unsigned scalar arguments are not supported}}
func.func @scalar(%a: ui8) -> ui8 {
  return %a : ui8
}
