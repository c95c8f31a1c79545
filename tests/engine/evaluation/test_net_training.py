"""Training the learned evaluation: gradients checked against finite differences, quantization, the data file,
and scripts/train_eval.py's reproducibility and refusals."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="training needs numpy (pip install '.[train]')")
pytest.importorskip("scipy", reason="training needs scipy (pip install '.[train]')")

from engine.evaluation.net_training import (  # noqa: E402
    LABEL_CAP,
    SIGMA,
    FloatNet,
    TrainingError,
    feature_matrix,
    read_data,
    targets,
    train,
)
from engine.evaluation.ultimate_net import FEATURES, OUT_SCALE, QA, QB, load_net  # noqa: E402
from engine.evaluation.ultimate_weights import WIN  # noqa: E402
from tests.ultimate_positions import random_positions  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "scripts" / "train_eval.py"


@pytest.fixture(scope="module")
def batch() -> tuple[np.ndarray, np.ndarray]:
    states = random_positions(40, seed=3, plies=(0, 60))
    return feature_matrix(states), np.random.default_rng(4).random(len(states))


def test_gradients_match_finite_differences(batch) -> None:
    idx, target = batch
    net = FloatNet(np.random.default_rng(5))
    _, grads = net.loss_and_gradients(idx, target)
    rng = np.random.default_rng(6)
    lit = np.unique(idx[idx < FEATURES])
    checks = [("w1", (int(rng.choice(lit)), int(rng.integers(16)))) for _ in range(6)]
    checks += [("b1", (int(rng.integers(16)),)) for _ in range(3)] + [("w2", (int(rng.integers(16)),))] * 2
    checks += [("b2", (0,))]
    for name, where in checks:
        h = 1e-6
        param = net.params[name]
        keep = param[where]
        param[where] = keep + h
        up = net.loss(idx, target)
        param[where] = keep - h
        down = net.loss(idx, target)
        param[where] = keep
        assert grads[name][where] == pytest.approx((up - down) / (2 * h), rel=1e-3, abs=1e-9), (name, where)
    assert not grads["w1"][FEATURES].any()  # the padding row never moves


def test_targets_squash_labels_and_cap_wins() -> None:
    labels = np.array([0.0, SIGMA, -WIN - 5, WIN + 70])
    t = targets(labels, np.array([1.0, -1.0, 0.0, 0.0]), 0.0)
    assert t[0] == pytest.approx(0.5) and t[1] == pytest.approx(1 / (1 + np.exp(-1)))
    assert t[2] == pytest.approx(1 / (1 + np.exp(LABEL_CAP / SIGMA)))
    mixed = targets(np.array([0.0]), np.array([1.0]), 0.25)
    assert mixed[0] == pytest.approx(0.75 * 0.5 + 0.25 * 1.0)


def test_the_integer_net_follows_the_float_one(batch) -> None:
    idx, target = batch
    net = train(idx, target, seed=1, epochs=3)
    integer = net.quantized("test")
    states = random_positions(40, seed=3, plies=(0, 60))
    z = net.forward(idx)[2]
    for state, value in zip(states, z * OUT_SCALE, strict=True):
        # rounding 82 rows and the output weights: a few units of QA and QB
        assert abs(integer.value(state) - value) <= 0.05 * OUT_SCALE + abs(value) * 4 / QB + 2 * OUT_SCALE / QA


@pytest.mark.slow
def test_training_lowers_the_held_out_loss_on_a_learnable_target() -> None:
    states = random_positions(600, seed=11, plies=(0, 60))
    idx = feature_matrix(states)
    x_to_move = np.array([1.0 if s & 1 == 0 else 0.0 for s in states])
    target = 0.3 + 0.4 * x_to_move  # the side to move alone decides it
    net = FloatNet(np.random.default_rng(1))
    before = net.loss(idx[540:], target[540:])
    trained = train(idx, target, seed=1, epochs=150)  # 540 positions: one minibatch an epoch
    assert trained.loss(idx[:540], target[:540]) < before / 20  # it fits what it saw
    assert trained.loss(idx[540:], target[540:]) < before / 3  # and, with 540 positions for 39,521 weights, some more


def test_data_file_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "d.txt"
    bad.write_text("# header\nzz 1 0\n")
    with pytest.raises(TrainingError, match=r"d\.txt line 2"):
        read_data(bad)
    empty = tmp_path / "e.txt"
    empty.write_text("# nothing\n")
    with pytest.raises(TrainingError, match="holds no positions"):
        read_data(empty)
    with pytest.raises(TrainingError, match="cannot read"):
        read_data(tmp_path / "absent.txt")


def run_script(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=cwd,
                          timeout=600)


@pytest.mark.slow
def test_the_same_seed_gives_the_same_weights_and_the_note_says_how(tmp_path: Path) -> None:
    outputs = []
    for n in (1, 2):
        result = run_script("--games", "4", "--depth", "2", "--seed", "3", "--jobs", str(n), "--epochs", "2",
                            "--data", f"d{n}.txt", "-o", f"w{n}.bin", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert "left]" in result.stderr and "held-out loss" in result.stderr
        outputs.append((tmp_path / f"d{n}.txt").read_text().splitlines()[1:])
    assert outputs[0] == outputs[1]  # the data do not depend on the workers
    one, two = load_net(str(tmp_path / "w1.bin")), load_net(str(tmp_path / "w2.bin"))
    assert (one.w1, one.b1, one.w2, one.b2) == (two.w1, two.b1, two.w2, two.b2)
    assert one.note.startswith("made by: scripts/train_eval.py --games 4 --depth 2 --seed 3")


@pytest.mark.slow
def test_a_budget_too_small_or_an_unwritable_output_is_one_error_and_nothing_written(tmp_path: Path) -> None:
    small = run_script("--games", "100000", "--depth", "6", "--budget", "1", "--data", "d.txt", "-o", "w.bin",
                       cwd=tmp_path)
    assert small.returncode == 2 and small.stderr.startswith("error: --budget 1 minutes is too small")
    assert len(small.stderr.splitlines()) == 1
    folder = run_script("--games", "2", "--depth", "2", "--data", "d.txt", "-o", str(tmp_path / "no" / "w.bin"),
                        cwd=tmp_path)
    assert folder.returncode == 2 and folder.stderr.startswith("error: ") and len(folder.stderr.splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == []
