"""The map of what the network learned: PCA, Procrustes alignment, placing a drawing, bad input."""

import dataclasses

import numpy as np
import pytest

from cnnviz.classroom import embedding as em
from cnnviz.classroom.uncertainty import logits_and_features


def cloud(n=300, f=12, seed=0):
    """Points spread very unequally along known directions: a clear first and second principal axis."""
    rng = np.random.default_rng(seed)
    spreads = np.array([9.0, 4.0] + [1.0] * (f - 2)) * rng.uniform(0.9, 1.1, f)
    basis, _ = np.linalg.qr(rng.normal(size=(f, f)))
    return rng.normal(size=(n, f)) * spreads @ basis.T + rng.normal(size=f) * 3


def reference_axes(features):
    """The top two eigenvectors of the covariance, by a different route (eigh), largest first."""
    values, vectors = np.linalg.eigh(np.cov(features, rowvar=False))
    order = np.argsort(values)[::-1]
    return vectors[:, order[:2]], values[order]


def test_pca_finds_the_top_principal_axes_of_the_covariance():
    features = cloud()
    mean, axes, explained = em.principal_axes(features)
    expected, eigenvalues = reference_axes(features)
    np.testing.assert_allclose(mean, features.mean(axis=0))
    for k in range(2):  # the same direction up to sign
        assert abs(axes[:, k] @ expected[:, k]) == pytest.approx(1.0, abs=1e-9)
    np.testing.assert_allclose(axes.T @ axes, np.eye(2), atol=1e-12)
    assert explained == pytest.approx(eigenvalues[:2].sum() / eigenvalues.sum())
    # The projection's variance along each axis is that axis's eigenvalue.
    points = (features - mean) @ axes
    np.testing.assert_allclose(points.var(axis=0, ddof=1), eigenvalues[:2], rtol=1e-9)


def test_procrustes_undoes_a_known_rotation_reflection_and_scale_exactly():
    rng = np.random.default_rng(1)
    target = rng.normal(size=(200, 2))
    target -= target.mean(axis=0)
    angle = 1.1
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    mirror = np.array([[1.0, 0.0], [0.0, -1.0]])
    source = 0.37 * target @ turn @ mirror
    rotation, scale = em.procrustes(source, target)
    np.testing.assert_allclose(scale * source @ rotation, target, atol=1e-12)
    assert scale == pytest.approx(1 / 0.37)
    np.testing.assert_allclose(rotation @ rotation.T, np.eye(2), atol=1e-12)
    assert np.linalg.det(rotation) == pytest.approx(-1.0)  # a reflection was needed, and found


def test_a_flipped_and_turned_recomputation_comes_out_aligned():
    features = cloud(seed=2)
    labels = np.arange(len(features)) % 10
    first = em.project(features, labels, labels, np.arange(len(features)))
    # The same network's features seen through a changed basis (PCA's signs and a turn of its axes):
    # the same images, so the aligned map must land exactly on the first one.
    f = features.shape[1]
    q, _ = np.linalg.qr(np.random.default_rng(3).normal(size=(f, f)))
    again = em.project(features @ q, labels, labels, np.arange(len(features)), previous=first, step=5)
    np.testing.assert_allclose(again.points, first.points, atol=1e-9)
    assert again.step == 5
    unaligned = em.project(features @ q, labels, labels, np.arange(len(features)))
    assert not np.allclose(unaligned.points, first.points, atol=1e-3)  # PCA's own signs differ here
    # A previous map that was turned, mirrored and scaled: the new one follows it, and places images alike.
    angle = 2.0
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]]) @ np.diag([1.0, -1.0])
    turned = dataclasses.replace(first, points=3.0 * first.points @ turn)
    follows = em.project(features, labels, labels, np.arange(len(features)), previous=turned)
    np.testing.assert_allclose(follows.points, turned.points, atol=1e-9)
    np.testing.assert_allclose(follows.place(features[:3]), turned.points[:3], atol=1e-9)


def test_a_slightly_changed_network_moves_points_little_and_a_different_subset_is_not_aligned():
    features = cloud(seed=4)
    labels = np.zeros(len(features), int)
    indices = np.arange(len(features))
    first = em.project(features, labels, labels, indices)
    nudged = features + np.random.default_rng(5).normal(0, 0.05, features.shape)
    second = em.project(-nudged, labels, labels, indices, previous=first)  # signs flipped by the new PCA too
    spread = np.linalg.norm(first.points, axis=1).mean()
    assert np.linalg.norm(second.points - first.points, axis=1).mean() < 0.05 * spread
    other = em.project(features[:-1], labels[:-1], labels[:-1], indices[:-1], previous=first)
    np.testing.assert_allclose(other.matrix, em.principal_axes(features[:-1])[1])  # not the same images: no alignment


def test_the_drawing_is_placed_with_the_maps_own_projection(tiny_model, small_mnist):
    images, labels, indices = em.map_images(small_mnist, 300)
    first = em.embed(tiny_model, images[::-1], labels[::-1], indices[::-1])
    embedding = em.embed(tiny_model, images, labels, indices, previous=None, step=150)
    drawing = images[7]
    placed = embedding.place(em.features_of(tiny_model, drawing))
    np.testing.assert_allclose(placed, embedding.points[7], atol=1e-6)  # a test image lands on its own dot
    _logits, features = logits_and_features(tiny_model, images[:5])
    np.testing.assert_allclose(embedding.place(features), embedding.points[:5], atol=1e-6)
    np.testing.assert_allclose(embedding.place(features[0]), (features[0] - embedding.mean) @ embedding.matrix)
    assert embedding.predictions.shape == (300,) and (embedding.predictions == labels).mean() > 0.8
    assert first.points.shape == (300, 2)
    centres = embedding.class_centres()
    assert sorted(centres) == list(range(10))


def test_the_first_2000_test_images_cover_every_digit():
    from cnnviz.data.datasets import load_dataset

    _images, labels, indices = em.map_images(load_dataset("mnist"))
    assert len(labels) == em.SUBSET == 2000 and (indices == np.arange(2000)).all()
    counts = np.bincount(labels, minlength=10)
    assert counts.min() >= 150 and counts.max() <= 250, counts


def test_bad_input_gives_a_clear_error(tiny_model, small_mnist):
    with pytest.raises(ValueError, match="at least 3 images"):
        em.principal_axes(np.zeros((1, 5)))
    with pytest.raises(ValueError, match="images, numbers"):
        em.principal_axes(np.zeros(10))
    with pytest.raises(ValueError, match="not all finite"):
        em.principal_axes(np.full((10, 4), np.nan))
    with pytest.raises(ValueError, match=r"expected \(N, 28, 28\) images"):
        em.embed(tiny_model, np.zeros((0, 28, 28), np.float32), np.zeros(0))
    with pytest.raises(ValueError, match=r"expected \(N, 28, 28\) images"):
        em.embed(tiny_model, np.zeros((4, 32, 32), np.float32), np.zeros(4))
    with pytest.raises(ValueError, match="labels"):
        em.project(cloud(), np.zeros(5), np.zeros(5), np.arange(5))
    with pytest.raises(ValueError, match="same points"):
        em.procrustes(np.zeros((5, 2)), np.zeros((6, 2)))
    with pytest.raises(ValueError, match="no test images"):
        em.map_images(None)
    embedding = em.project(cloud(f=6), np.zeros(300), np.zeros(300), np.arange(300))
    with pytest.raises(ValueError, match="6 numbers"):
        embedding.place(np.zeros(7))
    with pytest.raises(ValueError, match="28x28"):
        em.features_of(tiny_model, np.zeros((20, 20)))


def test_the_axes_come_from_the_smaller_square_matrix_not_the_images_whole_table(monkeypatch):
    """A full SVD of the map's (2,000, 784) table also works out a (2,000, 784) factor the map never uses: 19 s on a
    busy 2-core machine, with the Map's line at "2,000 of 2,000 read" meanwhile (issue 31). The (784, 784) scatter
    matrix's eigenvectors are the same axes for a sixth of that."""
    decomposed = []
    for name in ("svd", "eigh"):
        original = getattr(np.linalg, name)

        def spy(a, *args, _original=original, **kwargs):
            decomposed.append(np.shape(a))
            return _original(a, *args, **kwargs)

        monkeypatch.setattr(np.linalg, name, spy)
    em.principal_axes(cloud(n=300, f=12))  # (its axes: test_pca_finds_the_top_principal_axes_of_the_covariance)
    assert decomposed == [(12, 12)]
    # More numbers than images: the table itself is the smaller work, and the axes are the same either way.
    wide = cloud(n=20, f=30, seed=6)
    decomposed.clear()
    mean, axes, explained = em.principal_axes(wide)
    assert decomposed == [(20, 30)]
    expected, eigenvalues = reference_axes(wide)
    for k in range(2):
        assert abs(axes[:, k] @ expected[:, k]) == pytest.approx(1.0, abs=1e-9)
    assert explained == pytest.approx(eigenvalues[:2].sum() / eigenvalues.sum())
