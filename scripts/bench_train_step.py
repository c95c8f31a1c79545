"""One training step of the learned evaluation's net, numpy against PyTorch on the CPU: which to train with.

    .venv/bin/python scripts/bench_train_step.py --positions 4096 --repeat 20

Both fit the same float net (engine/evaluation/net_training.py: lit features' rows of w1 summed, clipped
ReLU, one output, squashed mean squared error) on the same random positions; a step is a forward pass,
the gradients and an Adam update of all 39,521 parameters. numpy's first layer gradient is a
``bincount`` per hidden unit; PyTorch's is an ``EmbeddingBag`` (sum) with a dense gradient. Prints the
median step of each (PyTorch on one thread and on all cores), or says PyTorch is not installed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from engine.evaluation.net_training import LEARNING_RATE, SIGMA, FloatNet, feature_matrix  # noqa: E402
from engine.evaluation.ultimate_net import FEATURES, HIDDEN, OUT_SCALE  # noqa: E402
from engine.games.ultimate import ULTIMATE  # noqa: E402


def sample_states(count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    out: list[int] = []
    while len(out) < count:
        state = ULTIMATE.initial()
        for _ in range(rng.randint(0, 60)):
            moves = ULTIMATE.legal_moves(state)
            if not moves:
                break
            state = ULTIMATE.play(state, rng.choice(moves))
        if not ULTIMATE.is_over(state):
            out.append(state)
    return out


def numpy_steps(idx: np.ndarray, target: np.ndarray, repeat: int) -> list[float]:
    net = FloatNet(np.random.default_rng(1))
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        _, grads = net.loss_and_gradients(idx, target)
        net.step(grads)
        times.append(time.perf_counter() - began)
    return times


def torch_steps(idx: np.ndarray, target: np.ndarray, repeat: int, threads: int) -> list[float]:
    import torch

    torch.set_num_threads(threads)
    torch.manual_seed(1)
    w1 = torch.nn.EmbeddingBag(FEATURES + 1, HIDDEN, mode="sum", padding_idx=FEATURES)
    b1 = torch.nn.Parameter(torch.full((HIDDEN,), 0.25))
    out = torch.nn.Linear(HIDDEN, 1)
    params = [*w1.parameters(), b1, *out.parameters()]
    optimizer = torch.optim.Adam(params, lr=LEARNING_RATE)
    x = torch.from_numpy(idx.astype(np.int64))
    t = torch.from_numpy(target.astype(np.float32))
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        optimizer.zero_grad()
        h = torch.clamp(w1(x) + b1, 0.0, 1.0)
        p = torch.sigmoid(out(h).squeeze(1) * (OUT_SCALE / SIGMA))
        loss = torch.mean((p - t) ** 2)
        loss.backward()
        optimizer.step()
        times.append(time.perf_counter() - began)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=4096)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    idx = feature_matrix(sample_states(args.positions, 1))
    target = np.random.default_rng(2).random(args.positions)
    rows = [("numpy", numpy_steps(idx, target, args.repeat))]
    try:
        import torch
    except (ImportError, OSError):  # not installed, or half installed
        torch = None
    if torch is not None:
        rows.append((f"PyTorch {torch.__version__}, 1 thread", torch_steps(idx, target, args.repeat, 1)))
        cores = torch.get_num_threads() if torch.get_num_threads() > 1 else 2
        rows.append((f"PyTorch {torch.__version__}, {cores} threads", torch_steps(idx, target, args.repeat, cores)))
    for name, times in rows:
        print(f"{name}: median step {statistics.median(times[2:] or times) * 1000:.1f} ms "
              f"({args.positions} positions, {args.repeat} steps)")
    if torch is None:
        print("PyTorch: not installed (pip install torch==2.13.0 for the comparison)")


if __name__ == "__main__":
    main()
