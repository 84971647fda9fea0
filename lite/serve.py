"""Serve the built site (``make site``) on 127.0.0.1 and print its address (the course).

Usage: python lite/serve.py [--site site] [--port 8765]   (``make serve-site``)

Any static web server can host ``site/``; this one is for trying it on this machine (or a class's
network). localhost counts as a secure context, so the browser lets the tutorial keep its saved
game and language (on another host, serve the folder over HTTPS for that).

Like the hosts a class would use (GitHub Pages, Netlify, any CDN), it sends text, scripts and
WebAssembly gzip-compressed to a browser that accepts it: a first visit downloads about half the
bytes. (The wheels and the standard library are zip files already: sent as they are.)
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import io
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

ROOT = Path(__file__).resolve().parents[1]


# What a compressing host compresses: text, scripts, styles, data and WebAssembly.
COMPRESSED = (".js", ".mjs", ".css", ".json", ".html", ".wasm", ".svg", ".ipynb", ".ttf", ".woff", ".map")


@functools.lru_cache(maxsize=1024)
def _gzipped(path: str, modified: int, size: int) -> bytes:
    """The file's bytes gzip-compressed, once per version of the file."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return "application/wasm" if str(path).endswith(".wasm") else super().guess_type(path)

    def send_head(self) -> BinaryIO | None:
        path = self.translate_path(self.path)
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.endswith(COMPRESSED) and os.path.isfile(path)):
            return super().send_head()
        stat = os.stat(path)
        body = _gzipped(path, stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


def compress_ahead(site: Path) -> None:
    """Compress every file that will be sent compressed now, as a CDN holds them ready: the
    first visit then waits for none (the WebAssembly alone takes this machine half a second)."""
    for path in site.rglob("*"):
        if path.suffix in COMPRESSED and path.is_file():
            stat = path.stat()
            _gzipped(str(path), stat.st_mtime_ns, stat.st_size)


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
    threading.Thread(target=compress_ahead, args=(args.site,), daemon=True).start()
    host, port = server.server_address[:2]
    print(f"Open the tutorial: http://{host}:{port}/  (Ctrl+C stops the server)", flush=True)  # the course
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
