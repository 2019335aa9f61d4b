# Modules and their files: a loaded module does not depend on its file
# (rewritten, truncated, deleted), save() is atomic (also onto the path the
# module came from, and next to other hard links), and a module compiled
# for CPU features this host lacks is refused with their names.

import os

import numpy as np
import pytest

import strata
from conftest import SMALL_MLIR


def _call_all(module):
    """Results of every function of the SMALL_MLIR module on fixed inputs."""
    a = np.arange(12, dtype=np.float32).reshape(3, 4) - 5
    b = np.full((3, 4), 0.5, np.float32)
    return [module.add(a, b), *module.relu_neg(a),
            module.identity(np.ones((2, 3), np.float32)), module.constant()]


@pytest.fixture
def saved(small, tmp_path):
    path = tmp_path / "m.smod"
    small.save(path)
    return path


@pytest.mark.parametrize("change", ["overwrite", "truncate", "delete",
                                    "replace"])
def test_loaded_module_ignores_its_file(saved, change):
    m = strata.load(saved)
    before = _call_all(m)
    size = os.path.getsize(saved)
    if change == "overwrite":  # in place, as `cp other m.smod` does
        with open(saved, "r+b") as f:
            f.write(b"\xab" * size)
    elif change == "truncate":
        with open(saved, "r+b") as f:
            f.truncate(0)
    elif change == "delete":
        os.remove(saved)
    else:  # another module saved over it
        strata.compile("""func.func @add(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = graph.sub %a, %b : tensor<3x4xf32>, tensor<3x4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}""").save(saved)
    after = _call_all(m)
    for x, y in zip(before, after):
        np.testing.assert_array_equal(x, y)
    # The bytes are those loaded, not the file's.
    assert len(m.bytes) == size
    assert m.bytes[:8] == b"STRATAMD"


def test_save_onto_the_loaded_path(saved):
    m = strata.load(saved)
    expected = _call_all(m)
    m.save(saved)
    assert os.path.getsize(saved) == len(m.bytes)
    for x, y in zip(_call_all(m), expected):
        np.testing.assert_array_equal(x, y)
    again = strata.load(saved)
    assert again.bytes == m.bytes
    for x, y in zip(_call_all(again), expected):
        np.testing.assert_array_equal(x, y)


def test_save_is_atomic(small, saved, tmp_path):
    link = tmp_path / "link.smod"
    os.link(saved, link)
    old = saved.read_bytes()
    os.chmod(saved, 0o640)
    other = strata.compile("""func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = graph.relu %a : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}""")
    other.save(saved)
    # A new file replaced the path; the other link keeps the old module.
    assert saved.read_bytes() == other.bytes
    assert link.read_bytes() == old
    assert os.stat(saved).st_mode & 0o777 == 0o640
    assert sorted(os.listdir(tmp_path)) == ["link.smod", "m.smod"]
    # A failed save leaves nothing behind and the old file intact.
    with pytest.raises(strata.StrataError, match="is a directory"):
        small.save(tmp_path)
    with pytest.raises(strata.StrataError, match="cannot create a file in"):
        small.save(tmp_path / "missing" / "m.smod")
    assert sorted(os.listdir(tmp_path)) == ["link.smod", "m.smod"]


def _missing_cpu_feature():
    """(LLVM name, /proc/cpuinfo flag) of a feature this host lacks."""
    try:
        with open("/proc/cpuinfo") as f:
            flags = set()
            for line in f:
                if line.startswith("flags"):
                    flags.update(line.split(":", 1)[1].split())
    except OSError:
        return None
    if "sse2" not in flags:
        return None  # not x86-64 Linux
    for name, flag in [("avx512f", "avx512f"), ("amx-tile", "amx_tile"),
                       ("avx512fp16", "avx512_fp16"), ("xop", "xop"),
                       ("fma4", "fma4"), ("tbm", "tbm"),
                       ("avx512vp2intersect", "avx512_vp2intersect")]:
        if flag not in flags:
            return name
    return None


def test_module_for_missing_cpu_features(tmp_path):
    feature = _missing_cpu_feature()
    if feature is None:
        pytest.skip("no x86 feature missing on this host")
    m = strata.compile(SMALL_MLIR, features="+" + feature)
    assert feature in m.metadata("cpu-features").split(",")
    # It can be saved, not run.
    m.save(tmp_path / "other.smod")
    message = ("cannot run on this host: its kernels need CPU features "
               "this host lacks: .*" + feature)
    with pytest.raises(strata.StrataError, match=message):
        m.add(np.zeros((3, 4), np.float32), np.zeros((3, 4), np.float32))
    with pytest.raises(strata.StrataError, match=message):
        strata.load(tmp_path / "other.smod")
    with pytest.raises(strata.StrataError, match=message):
        strata.load(m.bytes)


def test_host_module_records_its_features(small):
    features = small.metadata("cpu-features")
    assert features is not None
    assert "sse2" in features.split(",")
