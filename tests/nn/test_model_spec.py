import numpy as np
import pytest

from cnnviz.nn.layers import SpecError
from cnnviz.nn.model import PRESETS, Sequential, preset_name
from peak_memory import least_peak


def test_presets_have_the_documented_shapes_and_names():
    seed = Sequential.from_spec("seed").initialise(0)
    assert seed.shapes[-4:] == [(64, 7, 7), (3136,), (512,), (512,), (10,)][-4:]
    params = dict(seed.named_parameters())
    assert params["conv1.weight"].data.shape == (32, 1, 5, 5)
    assert params["conv2.weight"].data.shape == (64, 32, 5, 5)
    assert params["dense1.weight"].data.shape == (512, 3136)
    assert params["dense2.weight"].data.shape == (10, 512)
    keras = Sequential.from_spec("keras").initialise(0)
    assert dict(keras.named_parameters())["dense1.weight"].data.shape == (128, 9216)
    assert Sequential.from_spec("tiny").parameter_count() < 20000


def test_a_spec_that_spells_out_a_preset_is_known_by_its_name():
    # A checkpoint keeps the spec: the GUI shows "seed", not "custom", for a saved seed net.
    for name, spec in PRESETS.items():
        assert preset_name(spec) == name
        assert preset_name(" " + spec.upper().replace(",", " , ") + " ") == name
        assert preset_name(name.upper()) == name
    assert preset_name("conv5-8,relu,pool,dense-10") is None
    assert preset_name("conv5-,relu") is None  # invalid: no preset, no exception


def test_he_initialisation_scale():
    model = Sequential.from_spec("seed").initialise(1)
    w = dict(model.named_parameters())["dense1.weight"].data
    assert w.dtype == np.float32
    assert w.std() == pytest.approx(np.sqrt(2 / 3136), rel=0.02)
    assert not dict(model.named_parameters())["dense1.bias"].data.any()


def test_custom_spec_and_canonical_form():
    model = Sequential.from_spec(" Conv5-8, relu ,pool,conv3-16,relu,pool,dense-64,relu,dense-10 ")
    assert model.spec == "conv5-8,relu,pool,conv3-16,relu,pool,dense-64,relu,dense-10"
    assert [l.name for l in model.layers][-4:] == ["flatten1", "dense1", "relu3", "dense2"]


def test_even_kernel_same_padding_keeps_size():
    assert Sequential.from_spec("conv4-3,dense-10").shapes[1] == (3, 28, 28)


@pytest.mark.parametrize(
    "spec,message",
    [
        ("", "empty layer"),
        ("conv5-8,,dense-10", "empty layer"),
        ("conv5-8,relu,dense-11", "must end with dense-10"),
        ("conv5-8,relu,pool", "must end with dense-10"),
        ("conv5-8,banana,dense-10", r"layer 2 \('banana'\): unknown layer"),
        ("conv0-8,dense-10", "kernel size"),
        ("conv3-0,dense-10", "channel count"),
        ("dense-0,dense-10", "unit count"),
        ("dropout-1.5,dense-10", "dropout probability"),
        ("dense-32,conv3-8,dense-10", "convolutions must come before"),
        ("pool,pool,pool,pool,pool,dense-10", "pool needs at least a 2x2 input"),
        ("conv15-4-valid,conv15-4-valid,dense-10", "needs at least a 15x15 input but gets 14x14"),
        ("conv3-8,dense-10,relu", "last layer must be dense-10"),
    ],
)
def test_invalid_specs_explain_themselves(spec, message):
    with pytest.raises(SpecError, match=message):
        Sequential.from_spec(spec)


def test_state_dict_round_trip_and_mismatch_errors():
    a = Sequential.from_spec("tiny").initialise(1)
    b = Sequential.from_spec("tiny").initialise(2)
    b.load_state_dict(a.state_dict())
    for (name, p), (_, q) in zip(a.named_parameters(), b.named_parameters()):
        np.testing.assert_array_equal(p.data, q.data, err_msg=name)
    with pytest.raises(SpecError, match="missing: conv2.bias"):
        state = a.state_dict()
        del state["conv2.bias"]
        b.load_state_dict(state)
    with pytest.raises(SpecError, match="conv1.weight has shape"):
        b.load_state_dict({**a.state_dict(), "conv1.weight": np.zeros((1, 1, 5, 5), np.float32)})


# --- the size of a network, from its spec, before anything is built -------------------------
@pytest.mark.parametrize(
    "net",
    [
        "seed",
        "keras",
        "tiny",
        "conv3-4-valid,pool,conv5-6,dense-32,relu,dense-10",
        "flatten,dense-10",
        "conv4-3,dropout-0.5,dense-10",
    ],
)
def test_network_size_agrees_with_the_built_network(net):
    from cnnviz.nn.model import network_size

    size = network_size(net)
    model = Sequential.from_spec(net).initialise(0)
    assert size.parameter_shapes == {name: p.data.shape for name, p in model.named_parameters()}
    assert list(size.parameter_shapes) == [name for name, _ in model.named_parameters()]
    assert size.parameters == model.parameter_count()
    assert size.spec == model.spec and size.layers == len(model.spec.split(","))


@pytest.mark.parametrize(
    "spec,message",
    [
        (",".join(["conv3-1024"] * 10_000 + ["dense-10"]), "characters long"),
        (",".join(["relu"] * 64 + ["dense-10"]), "lists 65 layers; cnnviz builds at most 64"),
        ("conv15-1024,conv15-1024,dense-10", "244,190,218 parameters; cnnviz builds at most 50,000,000"),
        (",".join(["conv1-1024"] * 20 + ["dense-10"]), "activation values per image"),
    ],
)
def test_huge_networks_are_refused_before_anything_is_allocated(spec, message):
    def refused():
        with pytest.raises(SpecError, match=message):
            Sequential.from_spec(spec)

    _, peak = least_peak(refused, 5 * 2**20)
    assert peak < 5 * 2**20


def test_the_limits_are_configurable(monkeypatch):
    from cnnviz.data import limits

    monkeypatch.setattr(limits, "MAX_PARAMETERS", 10_000)
    with pytest.raises(SpecError, match="1,663,370 parameters; cnnviz builds at most 10,000"):
        Sequential.from_spec("seed")
    assert Sequential.from_spec("tiny").spec  # 9,226 parameters
    monkeypatch.setattr(limits, "MAX_LAYERS", 3)
    with pytest.raises(SpecError, match="lists 7 layers; cnnviz builds at most 3"):
        Sequential.from_spec("tiny")


def test_spec_errors_quote_bounded_escaped_text():
    with pytest.raises(SpecError) as caught:
        Sequential.from_spec("conv3-8,\x1b]0;pwned\x07" + "x" * 3000 + ",dense-10")
    message = str(caught.value)
    assert "\x1b" not in message and "\\x1b" in message and len(message) < 300
