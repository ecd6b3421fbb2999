"""The actions the window keeps (presenter mode, full screen, zoom, the views, the languages...) stay usable when
shiboken lets go of the menus that hold them (issue 33: after minutes of the monkey test, toggling presenter
mode raised "Internal C++ object (QAction) already deleted" for an action that lived on)."""

import shiboken6


def test_kept_actions_outlive_their_menus_wrappers(make_window):
    window = make_window()
    menus = window.menus
    kept = [
        menus.presenter_action,
        menus.fullscreen_action,
        menus.zoom_in_action,
        menus.zoom_level_action,
        menus.open_image_action,
        menus.stop_comparing_action,
        menus.keys_action,
        *menus.view_actions.values(),
        *menus.language_actions.values(),
    ]
    for menu in {action.parent() for action in kept}:
        shiboken6.invalidate(menu)  # as when shiboken lets go of an owner it counts: the menus' wrappers
    assert all(shiboken6.isValid(action) for action in kept)
    menus.set_checked(menus.presenter_action, True)  # before: RuntimeError, the action "already deleted"
    menus.set_checked(menus.presenter_action, False)
    menus.show_zoom(150)
    assert menus.zoom_level_action.text().startswith("Zoom") and "150" in menus.zoom_level_action.text()
    menus.show_views(set())
    assert not any(action.isChecked() for action in menus.view_actions.values())


def test_the_status_and_menu_bars_outlive_shiboken_letting_go_of_their_window_s_children(make_window):
    # The monkey test's status bar "already deleted" (issue 33): the bars are made in Python, so shiboken never
    # marks their wrappers deleted while they live.
    window = make_window()
    for bar in (window.statusBar(), window.menuBar()):
        shiboken6.invalidate(bar)
        assert shiboken6.isValid(bar)
    window.status.show(state="ready")
    window.statusBar().showMessage("still here")
    assert window.statusBar().currentMessage() == "still here"
