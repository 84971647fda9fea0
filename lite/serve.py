"""Serve the built site (``make site``) on 127.0.0.1 and print its address (the course).

Usage: python lite/serve.py [--site site] [--port 8765]   (``make serve-site``)

Any static web server can host ``site/``; this one is for trying it on this machine.
localhost counts as a secure context, so the browser lets the tutorial keep its saved game and
language (on another host, serve the folder over HTTPS for that).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return "application/wasm" if str(path).endswith(".wasm") else super().guess_type(path)

    def log_message(self, format: str, *args: object) -> None:
        pass


def make_server(site: Path, port: int) -> http.server.ThreadingHTTPServer:
    if not (site / "jupyter-lite.json").exists():
        raise SystemExit(f"no site in {site}: run `make site` first")
    handler = functools.partial(QuietHandler, directory=str(site))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


@contextlib.contextmanager
def serving(site: Path) -> Iterator[str]:
    """Serve ``site`` on a free port of 127.0.0.1 in a background thread; yields its base URL."""
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    server = make_server(args.site, args.port)
    host, port = server.server_address[:2]
    print(f"Open the tutorial: http://{host}:{port}/  (Ctrl+C stops the server)", flush=True)  # the course
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
