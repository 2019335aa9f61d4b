// RUN: strata-opt %s --strata-cpu-kernel-entry-points -split-input-file -verify-diagnostics

// strata-cpu-kernel-entry-points reports kernels it cannot give the runtime's
// entry point, at the kernel.

// expected-error @+1 {{kernel has no C interface (llvm.emit_c_interface)}}
llvm.func @no_ciface(%o: !llvm.ptr, %b: i64, %e: i64) attributes {strata.kernel_abi = 1 : i64} {
  llvm.return
}

// -----

// expected-error @+1 {{kernel has no tile range arguments; was it made by convert-kernel-to-dps-func?}}
llvm.func @no_range(%o: !llvm.ptr) attributes {strata.kernel_abi = 1 : i64} {
  llvm.return
}
llvm.func @_mlir_ciface_no_range(%o: !llvm.ptr) attributes {strata.kernel_abi = 1 : i64} {
  llvm.return
}

// -----

// expected-error @+1 {{kernel argument 0 of type 'f32' has no runtime ABI}}
llvm.func @float_arg(%f: f32, %o: !llvm.ptr, %b: i64, %e: i64) attributes {strata.kernel_abi = 1 : i64} {
  llvm.return
}
llvm.func @_mlir_ciface_float_arg(%f: f32, %o: !llvm.ptr, %b: i64, %e: i64) attributes {strata.kernel_abi = 1 : i64} {
  llvm.return
}

// -----

// expected-error @+1 {{exported function is not a grid function}}
llvm.func @exported(%o: !llvm.ptr, %b: i64, %e: i64) -> i64 attributes {strata.kernel_export} {
  llvm.return %b : i64
}
llvm.func @_mlir_ciface_exported(%o: !llvm.ptr, %b: i64, %e: i64) -> i64 attributes {strata.kernel_export} {
  llvm.return %b : i64
}

// -----

// expected-error @+1 {{grid function does not return an i64}}
llvm.func @__strata_grid_body_void(%o: !llvm.ptr, %b: i64, %e: i64) attributes {strata.kernel_export} {
  llvm.return
}
llvm.func @_mlir_ciface___strata_grid_body_void(%o: !llvm.ptr, %b: i64, %e: i64) attributes {strata.kernel_export} {
  llvm.return
}
