"""SceneStack: deferred push/pop/replace, lifecycle order, overlay drawing, event passing."""

import pygame

from game.app.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, transparent=False, consume=True, colour=None):
        super().__init__()
        self.name, self.log, self.consume, self.colour = name, log, consume, colour
        self.transparent = transparent

    def on_enter(self):
        self.log.append(f"{self.name}.enter")

    def resume(self):
        self.log.append(f"{self.name}.resume")

    def pause(self):
        self.log.append(f"{self.name}.pause")

    def shutdown(self):
        self.log.append(f"{self.name}.shutdown")

    def process_event(self, event):
        self.log.append(f"{self.name}.event")
        return None if self.consume else event

    def draw(self, surface):
        self.log.append(f"{self.name}.draw")
        if self.colour:
            surface.fill(self.colour, (0, 0, 10, 10) if self.transparent else None)


def stack_with(*scenes):
    stack = SceneStack()
    for scene in scenes:
        stack.push(scene)
    stack.apply_pending()
    return stack


def test_push_is_applied_only_after_the_frame():
    log = []
    stack = stack_with(Probe("a", log))
    stack.push(Probe("b", log))
    assert stack.top.name == "a"
    stack.apply_pending()
    assert stack.top.name == "b"


def test_pop_is_applied_only_after_the_frame():
    log = []
    stack = stack_with(Probe("a", log), Probe("b", log))
    stack.pop()
    assert stack.top.name == "b"
    stack.apply_pending()
    assert stack.top.name == "a"


def test_replace_swaps_the_top_scene():
    log = []
    stack = stack_with(Probe("a", log), Probe("b", log))
    stack.replace(Probe("c", log))
    stack.apply_pending()
    assert [s.name for s in stack.scenes] == ["a", "c"]


def test_push_calls_pause_then_enter_and_resume():
    log = []
    stack = stack_with(Probe("a", log))
    log.clear()
    stack.push(Probe("b", log))
    stack.apply_pending()
    assert log == ["a.pause", "b.enter", "b.resume"]


def test_pop_calls_pause_shutdown_then_resume_below():
    log = []
    stack = stack_with(Probe("a", log), Probe("b", log))
    log.clear()
    stack.pop()
    stack.apply_pending()
    assert log == ["b.pause", "b.shutdown", "a.resume"]


def test_replace_shuts_down_the_old_scene():
    log = []
    stack = stack_with(Probe("a", log))
    log.clear()
    stack.replace(Probe("b", log))
    stack.apply_pending()
    assert log == ["a.pause", "a.shutdown", "b.enter", "b.resume"]


def test_pushed_scene_knows_its_stack_and_forgets_it_when_popped():
    log = []
    scene = Probe("a", log)
    stack = stack_with(scene)
    assert scene.stack is stack
    stack.pop()
    stack.apply_pending()
    assert scene.stack is None


def test_drawing_starts_at_the_topmost_opaque_scene():
    log = []
    stack = stack_with(Probe("a", log), Probe("b", log), Probe("c", log, transparent=True))
    log.clear()
    stack.draw(pygame.Surface((10, 10)))
    assert log == ["b.draw", "c.draw"]


def test_overlay_is_drawn_on_top_of_the_scene_below():
    log = []
    stack = stack_with(Probe("sheet", log, colour=(0, 0, 255)), Probe("dice", log, transparent=True, colour=(255, 0, 0)))
    surface = pygame.Surface((40, 40))
    stack.draw(surface)
    assert surface.get_at((5, 5))[:3] == (255, 0, 0)
    assert surface.get_at((30, 30))[:3] == (0, 0, 255)


def test_events_go_to_the_top_scene_first():
    log = []
    stack = stack_with(Probe("a", log), Probe("b", log))
    log.clear()
    stack.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert log == ["b.event"]


def test_events_pass_down_through_a_transparent_scene_that_returns_them():
    log = []
    stack = stack_with(Probe("a", log), Probe("b", log, transparent=True, consume=False))
    log.clear()
    assert stack.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)) is None
    assert log == ["b.event", "a.event"]


def test_events_stop_at_an_opaque_scene_even_if_returned():
    log = []
    stack = stack_with(Probe("a", log), Probe("b", log, consume=False))
    log.clear()
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert stack.process_event(event) is event
    assert log == ["b.event"]


def test_requests_apply_in_order():
    log = []
    stack = stack_with(Probe("a", log))
    stack.push(Probe("b", log))
    stack.pop()
    stack.push(Probe("c", log))
    stack.apply_pending()
    assert [s.name for s in stack.scenes] == ["a", "c"]


def test_clear_empties_the_stack_and_shuts_everything_down():
    log = []
    stack = stack_with(Probe("a", log), Probe("b", log))
    log.clear()
    stack.clear()
    stack.apply_pending()
    assert stack.empty and "a.shutdown" in log and "b.shutdown" in log


def test_wants_animation_comes_from_visible_scenes_only():
    class Busy(Scene):
        wants_animation = True

    stack = stack_with(Busy(), Probe("cover", []))
    assert not stack.wants_animation


def test_clear_resumes_no_scene_on_the_way_out():
    from game.app.scene import Scene, SceneStack

    resumed = []

    class Watcher(Scene):
        def resume(self):
            resumed.append(self)

    stack = SceneStack()
    bottom, top = Watcher(), Watcher()
    stack.push(bottom)
    stack.push(top)
    stack.apply_pending()
    resumed.clear()
    stack.clear()
    stack.apply_pending()
    assert stack.empty and resumed == []


def _key(key=pygame.K_ESCAPE):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


class Closer(Probe):
    """Leaves the stack on any event it takes (an overlay's OK, a screen's Escape)."""

    def process_event(self, event):
        self.log.append(f"{self.name}.event")
        self.stack.pop(self)
        return None


def test_a_scene_that_asked_to_leave_takes_no_more_events_in_that_frame():
    log = []
    stack = stack_with(Probe("below", log), Closer("ok", log))
    stack.process_event(_key(pygame.K_RETURN))
    stack.process_event(_key(pygame.K_RETURN))  # the second press of the same frame
    assert log.count("ok.event") == 1 and "below.event" not in log


class Opener(Probe):
    """Opens a form over itself on the first event it takes (Rename, a creature box, the eraser)."""

    def process_event(self, event):
        self.log.append(f"{self.name}.event")
        self.stack.push(Probe("form", self.log))
        return None


def test_presses_after_a_screen_was_asked_to_open_reach_no_scene_in_that_frame():
    """Rename then Remove clicked in one slow frame: the Remove was aimed at the sheet the form now covers."""
    log = []
    stack = stack_with(Opener("sheet", log))
    log.clear()
    stack.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        stack.process_event(pygame.event.Event(kind, pos=(300, 100), button=1))
    stack.process_event(_key(pygame.K_DELETE))
    assert log == ["sheet.event"]
    stack.apply_pending()
    stack.process_event(_key(pygame.K_a))  # the next frame: the form takes its presses
    assert log.count("sheet.event") == 1
    assert log[-1] == "form.event"


def test_the_same_key_again_in_the_burst_after_it_closed_a_screen_is_dropped():
    from game.app.burst import BURST_GAP

    log = []
    stack = stack_with(Probe("below", log), Closer("board", log))
    stack.process_event(_key())
    stack.apply_pending()
    stack.update(BURST_GAP / 2)
    stack.process_event(_key())  # a quick second Escape: meant for the board, which has gone
    assert "below.event" not in log and stack.wants_animation  # the frames go on while the burst lasts
    stack.update(BURST_GAP)
    stack.process_event(_key())  # after a pause: a new gesture for the screen below
    assert log.count("below.event") == 1


def test_another_key_or_a_click_elsewhere_in_the_burst_reaches_the_screen_below():
    log = []
    stack = stack_with(Probe("below", log), Closer("dialog", log))
    stack.process_event(_key())
    stack.apply_pending()
    stack.process_event(_key(pygame.K_TAB))
    stack.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=1))
    assert log.count("below.event") == 2


def test_the_second_click_of_a_double_click_that_closed_an_overlay_presses_nothing_below():
    log = []
    stack = stack_with(Probe("below", log), Closer("dialog", log))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        stack.process_event(pygame.event.Event(kind, pos=(600, 400), button=1))
    stack.apply_pending()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # 2 px off: the same double click
        stack.process_event(pygame.event.Event(kind, pos=(602, 401), button=1))
    assert "below.event" not in log


def test_a_scene_put_back_on_the_stack_takes_events_again():
    log = []
    board = Closer("board", log)
    stack = stack_with(Probe("below", log), board)
    stack.process_event(_key(pygame.K_a))
    stack.apply_pending()
    stack.push(board)
    stack.apply_pending()
    stack.process_event(_key(pygame.K_a))
    assert log.count("board.event") == 2


def test_another_key_between_two_presses_makes_the_second_a_new_gesture():
    log = []
    stack = stack_with(Probe("below", log), Closer("shelf", log))
    stack.process_event(_key(pygame.K_RETURN))  # "New hero": the shelf gives way to the creation
    stack.apply_pending()
    stack.process_event(_key(pygame.K_TAB))  # the keyboard player moves to the roll button
    stack.process_event(_key(pygame.K_RETURN))  # and presses it, quickly: meant for this screen
    assert log.count("below.event") == 2
