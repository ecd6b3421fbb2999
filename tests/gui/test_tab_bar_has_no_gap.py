"""Presenter mode hides a tab or two (the learning rate's); Qt left the hidden tab's width as a gap before the
tabs after it ("统计 | gap | 全班的手写", real X in Chinese at 1280x720, session 44) until something laid the bar
out again. No font needed: the gap is there whatever draws the titles."""

from __future__ import annotations


def gaps(bar) -> list[tuple[str, int]]:
    shown = [i for i in range(bar.count()) if bar.isTabVisible(i)]
    rects = [bar.tabRect(i) for i in shown]
    return [
        (f"{bar.tabText(a)} | {bar.tabText(b)}", right.x() - left.right() - 1)
        for a, b, left, right in zip(shown, shown[1:], rects, rects[1:])
        if right.x() - left.right() - 1 > 1
    ]


def test_the_presenter_tab_bar_has_no_gap_where_a_tab_is_hidden(qtbot, make_window, in_language):
    in_language("zh_CN")
    window = make_window()
    window.resize(1276, 716)
    window.show()
    bar = window.workspace.tabs.tabBar()
    for presenter in (True, False, True):
        window.set_presenter(presenter, full_screen=False)
        qtbot.wait(50)
        hidden = [bar.tabText(i) for i in range(bar.count()) if not bar.isTabVisible(i)]
        assert not gaps(bar), (presenter, hidden, gaps(bar))
    assert hidden, "presenter mode hides a tab (the check above looked at a bar with a hidden tab)"
    window.set_presenter(False, full_screen=False)
