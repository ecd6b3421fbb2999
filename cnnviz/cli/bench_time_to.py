"""``cnnviz bench --time-to ACC``: seconds of training until the test accuracy reaches ACC %.

Each contender trains the network with its preset's recipe (``--net fast``: 1.5 epochs, batch 256, Adam
lr 0.01, betas (0.7, 0.9), one-cycle with a 15 % warm-up; other nets: the trainer's defaults) from the same
initial weights on the same batches (the ones ``cnnviz train --net NET --seed SEED`` trains on, with its learning
rates: a seed's run here is that run, step for step), and is evaluated on the whole test set at 20 points of the
run. The clock
runs only while it trains: the evaluations are not counted (every contender evaluates just as often). PyTorch
(``--against torch``) runs the identical network with the identical learning-rate schedule, on the CPU beside
CPU backends and on CUDA beside GPU backends. Contenders alternate round by round, as in the throughput bench.
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field

import numpy as np

from ..backends import gpu_probe
from ..backends.base import BackendUnavailable, dropout_key
from ..nn.model import PRESET_RECIPES, Sequential, resolve_spec
from ..nn.optim import Optimizer
from ..train.config import TrainConfig
from ..train.data_order import DataOrder
from ..train.evaluation import predict_probabilities
from ..train.step import training_step
from .bench_torch import torch_model, torch_plan

EVALUATIONS = 20
"""Test-set evaluations over the run: the reported time is the training time at the first one that
reaches the target, so it errs late by at most a twentieth of the run."""
MAX_TARGET = 100.0


@dataclass
class Recipe:
    spec: str
    epochs: float
    batch: int
    lr: float
    optimizer: str
    beta1: float
    beta2: float
    momentum: float
    schedule: str
    warmup: float

    @classmethod
    def for_net(cls, net: str) -> Recipe:
        """The preset's recipe (``PRESET_RECIPES``), else the trainer's defaults."""
        defaults = TrainConfig()
        given = PRESET_RECIPES.get(net.strip().lower(), {})
        pick = {
            name: given.get(name, getattr(defaults, name))
            for name in ("epochs", "lr", "optimizer", "beta1", "beta2", "momentum", "schedule", "warmup")
        }
        return cls(spec=resolve_spec(net), batch=int(given.get("batch_size", defaults.batch_size)), **pick)

    def describe(self) -> str:
        opt = self.optimizer + (f"({self.beta1:g}, {self.beta2:g})" if self.optimizer == "adam" else "")
        schedule = f"{self.schedule} schedule"
        if self.schedule == "onecycle":
            schedule += f" ({self.warmup:.0%} warm-up)"
        return f"{self.epochs:g} epoch(s), batch {self.batch}, {opt}, peak lr {self.lr:g}, {schedule}"


@dataclass
class Attempt:
    """One contender's run to the target."""

    seconds: float | None = None
    """Training seconds until the first evaluation at or above the target (None: never reached)."""
    step: int | None = None
    accuracy_then: float | None = None
    best_accuracy: float = 0.0
    train_seconds: float = 0.0
    """Training seconds of the whole run (when the target was not reached) or up to the target."""


@dataclass
class Contender:
    name: str
    attempts: list[Attempt] = field(default_factory=list)

    def median_seconds(self) -> float | None:
        reached = [a.seconds for a in self.attempts if a.seconds is not None]
        if len(reached) < len(self.attempts) or not reached:
            return None
        return float(np.median(reached))


class _Schedule:
    """The batches and learning rates of one run, the same for every contender and the same as ``cnnviz train
    --net NET --seed SEED`` trains on: the trainer's data order (``DataOrder``: one permutation per epoch drawn
    from the seed) and its learning rate by images seen (``TrainConfig.lr_at``), so that a seed's run here is
    the run ``train`` makes, step for step."""

    def __init__(self, recipe: Recipe, train_size: int, seed: int):
        self.steps_per_epoch = math.ceil(train_size / recipe.batch)
        config = TrainConfig(
            epochs=recipe.epochs,
            batch_size=recipe.batch,
            lr=recipe.lr,
            schedule=recipe.schedule,
            warmup=recipe.warmup,
            seed=seed,
        )
        order = DataOrder(train_size, seed)
        self._batches: list[np.ndarray] = []
        self._lrs: list[float] = []
        while config.images_left(len(self._batches), order.images_seen, train_size) > 0:
            self._lrs.append(config.lr_at(order.images_seen, train_size))
            self._batches.append(order.take(recipe.batch))
        self.total = len(self._batches)
        self.recipe = recipe
        self.train_size = train_size
        self.seed = seed
        self.check_every = max(1, math.ceil(self.total / EVALUATIONS))

    def indices(self, step: int) -> np.ndarray:
        return self._batches[step]

    def lr(self, step: int) -> float:
        return self._lrs[step]

    def step_key(self, step: int) -> int:
        """The dropout key of step ``step`` (0-based), as the trainer keys it."""
        return dropout_key(self.seed, step, 0)

    def checkpoints(self) -> list[int]:
        """The step counts after which the test accuracy is measured (the last step always)."""
        points = list(range(self.check_every, self.total, self.check_every))
        return points + [self.total]


def _run_cnnviz(be, recipe: Recipe, schedule: _Schedule, dataset, target: float, seed: int) -> Attempt:
    model = Sequential.from_spec(recipe.spec).initialise(seed).to(be)
    opt = Optimizer(recipe.optimizer, momentum=recipe.momentum, beta1=recipe.beta1, beta2=recipe.beta2).to(be)
    data = be.upload_dataset(dataset.train_images, dataset.train_labels)
    stats = be.new_step_stats(1)
    attempt = Attempt()
    step = 0
    for until in schedule.checkpoints():
        be.synchronize()
        start = time.perf_counter()
        while step < until:
            training_step(
                be, model, opt, data, schedule.indices(step), stats, 0, schedule.step_key(step), schedule.lr(step)
            )
            step += 1
        be.synchronize()
        attempt.train_seconds += time.perf_counter() - start
        probs = predict_probabilities(model, dataset.test_images)
        accuracy = 100.0 * float((probs.argmax(axis=1) == dataset.test_labels).mean())
        attempt.best_accuracy = max(attempt.best_accuracy, accuracy)
        if accuracy >= target:
            attempt.seconds, attempt.step, attempt.accuracy_then = attempt.train_seconds, step, accuracy
            break
    model.release()
    return attempt


def _run_torch(torch, device: str, recipe: Recipe, schedule: _Schedule, dataset, target: float, seed: int) -> Attempt:
    host = Sequential.from_spec(recipe.spec).initialise(seed)
    net = torch_model(host, torch).to(device)
    if recipe.optimizer == "adam":
        opt = torch.optim.Adam(net.parameters(), lr=recipe.lr, betas=(recipe.beta1, recipe.beta2), eps=1e-8)
    else:
        opt = torch.optim.SGD(
            net.parameters(), lr=recipe.lr, momentum=recipe.momentum if recipe.optimizer == "momentum" else 0.0
        )
    loss_fn = torch.nn.CrossEntropyLoss()
    images = torch.from_numpy(np.require(dataset.train_images, requirements=["W"])).to(device)
    labels = torch.from_numpy(dataset.train_labels.astype(np.int64)).to(device)
    test = torch.from_numpy(np.require(dataset.test_images, requirements=["W"])).to(device)
    test = test.to(torch.float32).mul_(1.0 / 255.0).unsqueeze(1)
    test_labels = torch.from_numpy(dataset.test_labels.astype(np.int64)).to(device)

    def sync():
        if device == "cuda":
            torch.cuda.synchronize()

    attempt = Attempt()
    step = 0
    for until in schedule.checkpoints():
        net.train()
        sync()
        start = time.perf_counter()
        while step < until:
            index = torch.from_numpy(schedule.indices(step).astype(np.int64)).to(device)
            x = images[index].to(torch.float32).mul_(1.0 / 255.0).unsqueeze(1)
            for group in opt.param_groups:
                group["lr"] = schedule.lr(step)
            opt.zero_grad(set_to_none=True)
            loss_fn(net(x), labels[index]).backward()
            opt.step()
            step += 1
        sync()
        attempt.train_seconds += time.perf_counter() - start
        net.eval()
        with torch.inference_mode():
            correct = sum(
                int((net(test[i : i + 1000]).argmax(1) == test_labels[i : i + 1000]).sum())
                for i in range(0, len(test), 1000)
            )
        accuracy = 100.0 * correct / len(test)
        attempt.best_accuracy = max(attempt.best_accuracy, accuracy)
        if accuracy >= target:
            attempt.seconds, attempt.step, attempt.accuracy_then = attempt.train_seconds, step, accuracy
            break
    return attempt


def run_time_to(args, names: list[str], open_backend, progress, say, load_dataset, choose_threads=None) -> dict:
    """The ``--time-to`` report: every contender's attempts, the ratios to PyTorch, the recipe.
    ``choose_threads(be, name, spec, batch, optimizer, images, labels, say)`` sets a CPU backend's worker count
    and returns it for the report (``bench_machine.choose_threads``); None leaves the counts as they are."""
    target = float(args.time_to)
    if not 0.0 < target <= MAX_TARGET:
        raise ValueError(f"--time-to is a test accuracy in percent, more than 0 and at most 100, got {args.time_to!r}")
    recipe = Recipe.for_net(args.net)
    dataset = load_dataset()
    schedule = _Schedule(recipe, len(dataset.train_labels), args.seed)
    say(
        f"time to {target:g} % test accuracy: {recipe.spec}; {recipe.describe()}; {schedule.total} steps, "
        f"evaluated every {schedule.check_every} steps on {len(dataset.test_labels):,} test images (not timed); "
        f"{args.repeat} round(s)"
    )

    runners = []
    unavailable = {}
    chosen: dict[str, dict | None] = {}
    for name in names:
        progress(f"{name}: opening...")
        try:
            be = open_backend(name)
        except BackendUnavailable as exc:
            unavailable[name] = str(exc)
            say(f"{name}: unavailable ({exc})")
            continue
        if be.needs_warmup:
            progress(f"{name}: compiling...")
            be.warm_up(np.float32)
        if choose_threads is not None:
            chosen[name] = choose_threads(
                be, name, recipe.spec, recipe.batch, recipe.optimizer, dataset.train_images, dataset.train_labels, say
            )
        runners.append((name, lambda be=be: _run_cnnviz(be, recipe, schedule, dataset, target, args.seed), be))

    torch_error = None
    if args.against == "torch":
        try:
            import torch
        except ImportError:
            torch_error = f"PyTorch is not installed: {gpu_probe.pip_extra_command('bench')}"
            say(torch_error)
        else:
            gpu = [n for n, _, be in runners if be.is_gpu]
            cpu = [n for n, _, be in runners if not be.is_gpu]
            devices, note = torch_plan(torch, gpu, cpu)
            if note:
                say(note)
            for device in devices:
                if args.threads and device == "cpu":
                    torch.set_num_threads(args.threads)
                runners.append(
                    (
                        f"torch-{device}",
                        lambda device=device: _run_torch(torch, device, recipe, schedule, dataset, target, args.seed),
                        None,
                    )
                )

    contenders = {name: Contender(name) for name, _, _ in runners}
    for round_ in range(1, args.repeat + 1):
        for name, run, _ in runners:
            progress(f"{name}: round {round_}/{args.repeat}")
            contenders[name].attempts.append(run())

    report = {
        "target_accuracy": target,
        "net": recipe.spec,
        "recipe": recipe.describe(),
        "steps": schedule.total,
        "evaluate_every": schedule.check_every,
        "unavailable": unavailable,
        "torch_error": torch_error,
        "contenders": {},
    }
    for name, contender in contenders.items():
        report["contenders"][name] = {
            "median_seconds": contender.median_seconds(),
            "attempts": [vars(a) for a in contender.attempts],
        }
        if chosen.get(name):
            report["contenders"][name].update(threads=chosen[name]["threads"], threads_how=chosen[name]["threads_how"])
    for name, entry in report["contenders"].items():
        if name.startswith("torch-"):
            continue
        be = next(be for n, _, be in runners if n == name)
        against = report["contenders"].get("torch-cuda" if be.is_gpu else "torch-cpu")
        mine, theirs = entry["median_seconds"], against and against["median_seconds"]
        entry["vs_torch_time"] = (mine / theirs) if mine and theirs else None
    return report


def print_time_to(report: dict, out=None) -> None:
    out = out or sys.stdout
    print(
        f"\ntime to {report['target_accuracy']:g} % ({report['recipe']}; evaluations every "
        f"{report['evaluate_every']} steps, not timed)",
        file=out,
    )
    print(f"{'contender':<12} {'median s':>9} {'vs PyTorch':>10}  attempts (seconds at step, accuracy)", file=out)
    for name, entry in report["contenders"].items():
        median = "not reached" if entry["median_seconds"] is None else f"{entry['median_seconds']:.2f}"
        ratio = entry.get("vs_torch_time")
        ratio_text = "-" if ratio is None else f"{ratio:.2f}x"
        runs = ", ".join(
            f"{a['seconds']:.2f} s at {a['step']} ({a['accuracy_then']:.2f} %)"
            if a["seconds"] is not None
            else f"not reached in {a['train_seconds']:.1f} s (best {a['best_accuracy']:.2f} %)"
            for a in entry["attempts"]
        )
        print(f"{name:<12} {median:>9} {ratio_text:>10}  {runs}", file=out)
    print("vs PyTorch: training time over PyTorch's (below 1 is faster)", file=out)
