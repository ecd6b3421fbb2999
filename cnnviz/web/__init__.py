"""The class canvas's face on the classroom network: the phones' page and the server that serves it.

No Qt and nothing of ``cnnviz.gui``: the window starts and stops :class:`~.server.PhoneServer` through
the app model (:class:`cnnviz.app.class_canvas.ClassCanvas`), and so can a script.
"""
