"""Fitting the learned evaluation's net (engine/evaluation/ultimate_net.py) to labelled positions, with numpy.

The float net is the integer one before quantization: the lit features' rows of ``w1`` summed
with ``b1``, clipped to [0, 1], times ``w2`` plus ``b2``; its output ``z`` stands for the value
``z * OUT_SCALE`` (classic-evaluation units). Training minimizes the mean squared difference of
``sigmoid(value / SIGMA)`` and ``sigmoid(label / SIGMA)`` (with a share ``result_weight`` of the game's
result, 0 / 0.5 / 1, blended into the target), as NNUE trainers do: a win or loss label saturates
instead of dominating the loss. Adam, minibatches of :data:`BATCH`, gradients by hand: the first
layer as a product with the batch's sparse incidence matrix (scipy.sparse), forwards and backwards.

Quantized at the end: ``w1``, ``b1`` times ``QA``, ``w2`` times ``QB``, ``b2`` times ``QA * QB``, rounded.

Why numpy and not PyTorch: measured here (scripts/bench_train_step.py), a step of 4,096 positions
took a similar time in both (the README gives the figures); numpy is already a dependency of the
optional extras and needs no 700 MB install, so training runs wherever the project does.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from scipy.sparse import csr_matrix  # type: ignore[import-untyped, unused-ignore]  # scipy ships no types

from engine.evaluation.training_lines import parse_line
from engine.evaluation.ultimate_net import FEATURES, HIDDEN, MAX_ACTIVE, OUT_SCALE, QA, QB, Net, features
from engine.evaluation.ultimate_weights import WIN

SIGMA = 600.0
"""Classic-evaluation units of one logistic unit in the loss."""
LABEL_CAP = 4000
"""Labels beyond +-this (won or lost positions) count as this."""
BATCH = 4096
LEARNING_RATE = 2e-3
HOLDOUT = 0.1


class TrainingError(ValueError):
    """Training data that cannot be used (missing, empty, malformed) or an output that cannot be written."""


def read_data(path: Path) -> tuple[list[int], np.ndarray, np.ndarray]:
    """States, labels and results of a data file (engine/bot/training_data.py's lines).

    :raises TrainingError: the file cannot be read, holds no positions or a malformed line.
    """
    states, labels, results = [], [], []
    try:
        with path.open() as handle:
            for number, text in enumerate(handle, 1):
                if text.startswith("#") or not text.strip():
                    continue
                try:
                    state, label, result = parse_line(text)
                except ValueError as exc:
                    raise TrainingError(f"{path} line {number}: {exc}") from None
                states.append(state)
                labels.append(label)
                results.append(result)
    except OSError as exc:
        raise TrainingError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not states:
        raise TrainingError(f"{path} holds no positions")
    return states, np.array(labels, dtype=np.float64), np.array(results, dtype=np.float64)


def feature_matrix(states: list[int]) -> np.ndarray:
    """Each state's lit features, padded with ``FEATURES`` (a row of zeros), as an ``(n, MAX_ACTIVE)`` array."""
    out = np.full((len(states), MAX_ACTIVE), FEATURES, dtype=np.int32)
    for i, state in enumerate(states):
        lit = features(state)
        out[i, :len(lit)] = lit
    return out


def targets(labels: np.ndarray, results: np.ndarray, result_weight: float) -> np.ndarray:
    """What the net's squashed value should be: the squashed label, ``result_weight`` of the result mixed in."""
    capped = np.clip(np.where(np.abs(labels) >= WIN, np.sign(labels) * LABEL_CAP, labels), -LABEL_CAP, LABEL_CAP)
    return (1 - result_weight) / (1 + np.exp(-capped / SIGMA)) + result_weight * (results + 1) / 2


def incidence(idx: np.ndarray) -> Any:
    """The batch's positions by features, 1 where lit (a sparse matrix: 82 of 2,469 columns a row)."""
    rows, width = idx.shape
    return csr_matrix((np.ones(rows * width), idx.ravel(), np.arange(0, rows * width + 1, width)),
                      shape=(rows, FEATURES + 1))


class FloatNet:
    """The net in floating point, with Adam's moments: what training moves."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.params: dict[str, np.ndarray] = {
            "w1": np.vstack([rng.normal(0, 0.05, (FEATURES, HIDDEN)), np.zeros((1, HIDDEN))]),
            "b1": np.full(HIDDEN, 0.25),
            "w2": rng.normal(0, 0.3, HIDDEN),
            "b2": np.zeros(1),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def forward(self, idx: np.ndarray, lit: Any = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Hidden sums, clipped hidden values and outputs ``z`` of a batch of feature rows (``lit``: their
        :func:`incidence` matrix, when already made)."""
        lit = incidence(idx) if lit is None else lit
        acc = lit @ self.params["w1"] + self.params["b1"]
        h = np.clip(acc, 0.0, 1.0)
        return acc, h, h @ self.params["w2"] + self.params["b2"][0]

    def loss_and_gradients(self, idx: np.ndarray, target: np.ndarray) -> tuple[float, dict[str, np.ndarray]]:
        """Mean squared error of the squashed values, and its gradient for every parameter."""
        lit = incidence(idx)
        acc, h, z = self.forward(idx, lit)
        k = OUT_SCALE / SIGMA
        p = 1 / (1 + np.exp(-z * k))
        n = len(target)
        loss = float(np.mean((p - target) ** 2))
        dz = 2 * (p - target) / n * p * (1 - p) * k
        g_w2 = h.T @ dz
        g_b2 = np.array([dz.sum()])
        d_acc = np.outer(dz, self.params["w2"]) * ((acc > 0) & (acc < 1))
        g_b1 = d_acc.sum(axis=0)
        g_w1 = np.asarray(lit.T @ d_acc)
        g_w1[FEATURES] = 0.0  # the padding row stays zero
        return loss, {"w1": g_w1, "b1": g_b1, "w2": g_w2, "b2": g_b2}

    def step(self, grads: dict[str, np.ndarray], rate: float = LEARNING_RATE) -> None:
        """One Adam step."""
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        for key, g in grads.items():
            self.m[key] = b1 * self.m[key] + (1 - b1) * g
            self.v[key] = b2 * self.v[key] + (1 - b2) * g * g
            m_hat = self.m[key] / (1 - b1 ** self.t)
            v_hat = self.v[key] / (1 - b2 ** self.t)
            self.params[key] -= rate * m_hat / (np.sqrt(v_hat) + eps)

    def loss(self, idx: np.ndarray, target: np.ndarray) -> float:
        z = self.forward(idx)[2]
        p = 1 / (1 + np.exp(-z * OUT_SCALE / SIGMA))
        return float(np.mean((p - target) ** 2))

    def quantized(self, note: str) -> Net:
        """The integer net (rounded, and held within int16 / int32)."""
        w1 = np.clip(np.rint(self.params["w1"][:FEATURES] * QA), -32768, 32767).astype(int)
        b1 = np.clip(np.rint(self.params["b1"] * QA), -32768, 32767).astype(int)
        w2 = np.clip(np.rint(self.params["w2"] * QB), -32768, 32767).astype(int)
        b2 = int(np.clip(np.rint(self.params["b2"][0] * QA * QB), -2**31, 2**31 - 1))
        return Net([list(map(int, r)) for r in w1], list(map(int, b1)), list(map(int, w2)), b2, note)


def train(idx: np.ndarray, target: np.ndarray, *, seed: int, epochs: int,
          progress: Callable[[int, int], None] | None = None,
          report: Callable[[str], None] | None = None) -> FloatNet:
    """Fit a net to ``target`` for the feature rows ``idx``; the last :data:`HOLDOUT` of the rows are held out
    and their loss reported after every epoch (``report``)."""
    rng = np.random.default_rng(seed)
    net = FloatNet(rng)
    split = max(1, int(len(idx) * (1 - HOLDOUT)))
    train_idx, train_t = idx[:split], target[:split]
    held_idx, held_t = idx[split:], target[split:]
    for epoch in range(1, epochs + 1):
        order = rng.permutation(split)
        total = 0.0
        for start in range(0, split, BATCH):
            rows = order[start:start + BATCH]
            loss, grads = net.loss_and_gradients(train_idx[rows], train_t[rows])
            net.step(grads, LEARNING_RATE * (0.5 * (1 + math.cos(math.pi * (epoch - 1) / epochs))))
            total += loss * len(rows)
        if report is not None:
            held = net.loss(held_idx, held_t) if len(held_idx) else float("nan")
            report(f"epoch {epoch}: training loss {total / split:.5f}, held-out loss {held:.5f}")
        if progress is not None:
            progress(epoch, epochs)
    return net


def train_file(data: Path, *, seed: int, epochs: int, command: str, result_weight: float = 0.0,
               progress: Callable[[int, int], None] | None = None,
               report: Callable[[str], None] | None = None) -> Net:
    """Train on a data file: the integer net, its note saying how it was made (``command``) and how well it fits.

    :raises TrainingError: unusable data.
    """
    began = time.monotonic()
    states, labels, results = read_data(data)
    idx = feature_matrix(states)
    target = targets(labels, results, result_weight)
    net = train(idx, target, seed=seed, epochs=epochs, progress=progress, report=report)
    held = int(len(idx) * (1 - HOLDOUT))
    loss = net.loss(idx[held:], target[held:]) if held < len(idx) else float("nan")
    note = f"made by: {command}\ndata: {data.name}, {len(states)} positions; held-out loss {loss:.5f}\n"
    if report is not None:  # the time goes to stderr, not into the file (the same command gives the same bytes)
        report(f"trained in {time.monotonic() - began:.0f} s")
    return net.quantized(note)
