"""The book builder's screen samples show in their fields the book their problems and preview are made from."""

from app_helpers import make_services

import game.scenes.samples.book_builder  # noqa: F401  # it registers its samples
from game.app.showcase import SHOWCASE


def test_the_builders_problems_sample_shows_in_its_fields_the_values_its_problems_name(tmp_path):
    # The sample changed the form's values after its fields were made: the picture showed "1d6+6" and "10" in the
    # fields its problems said held "beaucoup" and "dix" (found by resizing the window: the form laid out again).
    scene = dict(SHOWCASE)["book-builder-problems"](make_services(tmp_path))[0]
    fields = scene.controls.named
    assert fields["scores.0.roll"].text == scene.form.scores[0].roll == "beaucoup"
    assert fields["counters.0.start"].text == scene.form.counters[0].start == "dix"
    assert fields["scores.1.name.fr"].text == "" and scene.problems
