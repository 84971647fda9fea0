"""The Voilà app of ``durak-tutorial --app``: Voilà, with the two checks its standalone server lacks.

- **A Host check.** Voilà's standalone server serves any ``Host`` header (it hard-codes
  ``allow_remote_access``), so a web page could reach it through DNS rebinding. Here only
  ``localhost`` and loopback addresses are served, as JupyterLab does.
- **No how-to-run cells.** Voilà runs every cell itself, so the notebooks' "Run All Cells"
  cells (tagged ``durak-lab-only``) are left out.
- **No token in the access log.** Voilà keeps tornado's log line, which shows a request's
  whole query string, ``?token=…`` included, for every 4xx answer; jupyter_server's hides it.
- **An info file once it listens** (``--TutorialVoila.info_file``), like JupyterLab's
  ``--ServerApp.info_file``, so that the launcher prints its link only when it is true.

The token comes from ``JUPYTER_TOKEN`` (``auto_token``), as for JupyterLab.

    python -m durak.voila_app --port=8866 --TutorialVoila.info_file=/tmp/info.json notebooks/
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tornado.ioloop import IOLoop
from traitlets import Bool, Unicode
from voila.app import Voila

__all__ = ["TutorialVoila", "log_request", "main"]


def log_request(handler: Any) -> None:
    """Log a request as JupyterLab does: the token and other secrets in its URL and its
    ``Referer`` replaced by ``[secret]`` (the log may be shared when asking for help)."""
    from jupyter_server.log import log_request as jupyter_log_request

    jupyter_log_request(handler, record_prometheus_metrics=False)  # type: ignore[no-untyped-call]  # no metrics here


class TutorialVoila(Voila):  # type: ignore[misc]
    info_file = Unicode("", config=True, help="Write the server's port and pid here once it listens.")
    auto_token = Bool(True, config=True, help="Require a token: JUPYTER_TOKEN's, else a random one.")

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        self.voila_configuration.prelaunch_hook = _without_lab_cells

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        settings["allow_remote_access"] = False  # check the Host header (jupyter_server's check_host)
        settings["local_hostnames"] = ["localhost"]
        settings["log_function"] = log_request
        return settings

    def listen(self) -> None:
        # Voilà binds, then starts the loop (or exits if it cannot bind): the callback runs after binding.
        if self.info_file:
            IOLoop.current().add_callback(self._write_info_file)
        super().listen()

    def _write_info_file(self) -> None:
        path = Path(self.info_file)
        path.write_text(json.dumps({"port": self.port, "pid": os.getpid()}), encoding="utf-8")

    def stop(self) -> None:
        if self.info_file:
            Path(self.info_file).unlink(missing_ok=True)
        super().stop()


def _without_lab_cells(_request: Any, notebook: Any, cwd: str) -> Any:
    from durak.tutorial.lessons.notebooks import without_lab_cells

    return without_lab_cells(notebook)


main = TutorialVoila.launch_instance

if __name__ == "__main__":
    main()
