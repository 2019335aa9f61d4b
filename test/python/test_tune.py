"""strata.tune: the tuner from Python, with a tiny budget on a small model:
a summary per kernel, and a database of well-formed records. (The example
MLP has a dynamic batch: its kernels are not tuned, and say why.)"""

import io
import json
import os

import numpy as np
import pytest

import strata
from conftest import HAS_DNNL_PLUGIN, MLP_PATH

MODEL = """
func.func @main(%a: tensor<32x64xf32>, %b: tensor<64x48xf32>) -> tensor<32x48xf32> {
  %0 = graph.matmul %a, %b : tensor<32x64xf32>, tensor<64x48xf32> -> tensor<32x48xf32>
  %1 = graph.sigmoid %0 : tensor<32x48xf32> -> tensor<32x48xf32>
  return %1 : tensor<32x48xf32>
}
"""


def test_tune_tiny_budget(tmp_path):
    model = tmp_path / "model.mlir"
    model.write_text(MODEL)
    db = tmp_path / "model.jsonl"
    summary = strata.tune(str(model), str(db), trials=3, strategy="random",
                          seed=1, verbose=False)
    names = [row["kernel"] for row in summary["kernels"]]
    assert names, summary
    assert summary["heuristic_us"] > 0
    assert summary["tuned_us"] <= summary["heuristic_us"] + 1e-9
    # The whole model timed with both databases' schedules.
    assert summary["model_heuristic_us"] > 0, summary.get("model_check")
    assert summary["model_tuned_us"] > 0
    records = [json.loads(line) for line in open(db)]
    # The heuristics' schedule of each measured kernel, then the trials.
    assert len(records) >= 3
    for record in records:
        assert record["version"] == 1
        assert len(record["kernel"]) == 64
        assert record["schedule"].startswith("#kernel.schedule<")
        assert ("time_us" in record) != ("error" in record)
    # strata.compile reads the database; the module computes the same.
    rng = np.random.default_rng(0)
    a = rng.standard_normal((32, 64)).astype(np.float32)
    b = rng.standard_normal((64, 48)).astype(np.float32)
    report = io.StringIO()
    tuned = strata.compile(MODEL, tuning_db=db, report_tuning=report)
    plain = strata.compile(MODEL)
    # A remark per kernel: each measured one takes its schedule from the
    # database.
    remarks = report.getvalue().splitlines()
    assert len(remarks) == len(names), remarks
    assert all("schedule from the tuning database" in remark
               for remark in remarks), remarks
    np.testing.assert_allclose(tuned.main(a, b), plain.main(a, b),
                               rtol=1e-5, atol=1e-5)


def test_compile_with_a_corrupted_database(tmp_path):
    db = tmp_path / "bad.jsonl"
    db.write_text('{"version": 1}\n')
    with pytest.raises(strata.StrataError, match=r"bad.jsonl:1: not a tuning "
                       r"record: no \"kernel\""):
        strata.compile(MODEL, tuning_db=db)
    with pytest.raises(strata.StrataError, match="tuning_db must be"):
        strata.compile(MODEL, tuning_db=3)
    with pytest.raises(strata.StrataError, match="report_tuning must be"):
        strata.compile(MODEL, report_tuning=3)


def test_dynamic_kernels_say_why(tmp_path):
    summary = strata.tune(MLP_PATH, str(tmp_path / "mlp.jsonl"), trials=1,
                          verbose=False)
    reasons = {row["skipped"] for row in summary["kernels"]}
    assert "dynamic shapes or element types numpy lacks" in reasons
    assert reasons <= {"dynamic shapes or element types numpy lacks",
                       "no scheduled root op"}


def test_tune_needs_a_budget(tmp_path):
    with pytest.raises(Exception, match="trials or a time budget"):
        strata.tune(MLP_PATH, str(tmp_path / "db.jsonl"), verbose=False)


def test_tune_bad_model(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f(")
    with pytest.raises(Exception, match="cannot compile"):
        strata.tune(str(bad), str(tmp_path / "db.jsonl"), trials=1,
                    verbose=False)


@pytest.mark.skipif(not HAS_DNNL_PLUGIN, reason="no dnnl runtime plugin")
def test_tune_external_regions(tmp_path):
    # The product and its sigmoid are one dnnl region: the model is timed
    # with it offloaded and in Strata's kernels, both recorded under the
    # region's fingerprint; a compilation with the database then takes the
    # tuner's decision.
    model = tmp_path / "model.mlir"
    model.write_text(MODEL)
    db = tmp_path / "regions.jsonl"
    rows = strata.tune(str(model), str(db), external="dnnl", verbose=False)
    assert len(rows) == 1 and rows[0]["backend"] == "dnnl", rows
    assert rows[0]["ops"] == 2 and "error" not in rows[0], rows
    records = [json.loads(line) for line in open(db)]
    assert sorted(r["schedule"] for r in records) == ["external=dnnl",
                                                      "external=none"]
    assert {r["kernel"] for r in records} == {rows[0]["fingerprint"]}
    remarks = io.StringIO()
    kernels = strata.compile(str(model), compile_to="kernel",
                             external="dnnl", tuning_db=str(db),
                             report_tuning=remarks)
    assert rows[0]["decision"] in ("dnnl", "strata")
    assert ("call_native" in kernels) == (rows[0]["decision"] == "dnnl")
    assert (f"external region {rows[0]['fingerprint']} (dnnl, 2 ops)"
            in remarks.getvalue()), remarks.getvalue()
    assert "by the tuning database" in remarks.getvalue()
