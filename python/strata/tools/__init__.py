"""Command-line tools of the strata package (strata-import-onnx)."""
