"""The Trainer's two mixins (command_handlers.CommandHandlers, recoverable.Recoverable) declare, as class
annotations, what they use of the Trainer's own state: a Trainer has every one of those names, so a rename in
trainer.py fails here, not in the middle of a run when a command or a GPU failure first reaches the handler."""

from cnnviz.train.command_handlers import CommandHandlers
from cnnviz.train.config import TrainConfig
from cnnviz.train.recoverable import Recoverable
from cnnviz.train.recovery import RecoveringRun
from cnnviz.train.trainer import Trainer


def test_a_trainer_has_what_its_mixins_declare_and_is_the_run_recovery_looks_after(small_mnist):
    trainer = Trainer(TrainConfig(net="tiny", backend="numpy", steps=1, seed=3), dataset=small_mnist)
    trainer.run()  # (some of the state, the data order for one, is made when the run starts)
    for mixin in (CommandHandlers, Recoverable):
        missing = [name for name in mixin.__annotations__ if not hasattr(trainer, name)]
        assert not missing, f"{mixin.__name__} declares what a Trainer lacks: {missing}"
    asked = [name for name in dir(RecoveringRun) if not name.startswith("_")] + list(RecoveringRun.__annotations__)
    assert not [name for name in asked if not hasattr(trainer, name)]
