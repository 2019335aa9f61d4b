"""Model importers: strata.frontend.onnx turns ONNX models into graph-level MLIR."""
