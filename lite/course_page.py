"""The site's front door: its root address opens the course, already running, with no IDE around it.

``make site`` calls :func:`install` after JupyterLite's build:

* ``index.html`` (the site's root; JupyterLite's configuration script kept, the apps read it)
  picks nothing itself: it hands the page's ``?lang=xx`` (a
  teacher's link) and the browser's languages to Python, and goes on to the REPL app running
  ``course(...)`` (``repl/index.html?kernel=python&code=...``). Python decides the language:
  the link's, else the one picked last time, else the browser's (:func:`durak.tutorial.course`).
* ``repl/index.html`` gets the course's look: JupyterLab's prompt, banner and code are hidden,
  the page is named Durak, and a notice in the learner's language says what is loading until
  the course is on screen. The JupyterLab version, with the notebooks and their code, stays at
  ``lab/index.html`` (the course links to it).
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

from durak.i18n import LANGUAGES, SOURCE_LANGUAGE, translator
from durak.tutorial.course_view import LOADING, SITE_PREAMBLE

__all__ = ["REPL_OPTIONS", "install", "repl_page", "root_page"]

# The REPL app's own URL parameters (jupyterlite repl-extension): the Python kernel, no banner,
# the code that runs hidden. Its prompt cell has no parameter to hide it: the page's style does.
REPL_OPTIONS = {"kernel": "python", "showBanner": "0", "hideCodeInput": "1"}

ROOT_PAGE = """<!DOCTYPE html>
<html>
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Durak</title>
  CONFIG
  <script>
    // Python names the language (durak.tutorial.course): here only what the link and the browser say.
    const query = new URLSearchParams(window.location.search);
    const asked = query.get("lang");
    const valid = asked && /^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/.test(asked);
    const lang = valid ? JSON.stringify(asked) : "None";
    const spoken = (navigator.languages || [navigator.language || ""])
      .filter((tag) => /^[A-Za-z0-9-]{1,35}$/.test(tag));
    const call = `course(lang=${lang}, browser=${JSON.stringify(spoken)})`;
    const start = `from durak.tutorial import course; ${call}`;
    const code = PREAMBLE + start;
    const target = new URLSearchParams(OPTIONS);
    target.set("code", code);
    window.location.replace(`repl/index.html?${target}`);
  </script>
</head>
<body><noscript>JavaScript</noscript></body>
</html>
"""

# Hidden: the prompt to type code in, the cells' prompts and the executed code; the course fills
# the page. The output box must not scroll on its own, or the course's top bar would not stay in view.
REPL_STYLE = """
<style id="durak-course-page">
  .jp-CodeConsole-promptCell, .jp-CodeConsole-input, .jp-InputArea, .jp-InputPrompt,
  .jp-OutputPrompt, .jp-OutputArea-promptOverlay, .jp-CodeConsole-banner { display: none !important; }
  .jp-CodeConsole-content .jp-Cell, .jp-OutputArea-output { padding: 0 !important; }
  .jp-OutputArea-child { display: block !important; }
  .jp-OutputArea-output, .jp-OutputArea-child { overflow: visible !important; }
  /* a flex item is as wide as its widest content: a finished game grew past a phone's screen */
  .jp-Cell-outputArea { min-width: 0 !important; }
  .jp-CodeConsole-content {
    height: 100% !important; padding: 0.5em max(0.5em, calc((100% - 56em) / 2)) 2em !important;
  }
  .jp-CodeConsole-split > .lm-SplitPanel-handle { display: none !important; }
  #durak-loading {
    position: fixed; inset: 0; z-index: 2000; display: flex; align-items: center; justify-content: center;
    padding: 2em; background: #ffffff; color: #333333; text-align: center;
    font: 18px/1.5 -apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif;
  }
  body:has(.durak-course) #durak-loading { display: none; }
</style>
"""

LOADING_NOTICE = """
<div id="durak-loading" role="status">
  <p><b>Durak</b><br><span id="durak-loading-text">{fallback}</span></p>
</div>
<script>
  (function () {{
    const texts = {texts};
    const code = new URLSearchParams(window.location.search).get("code") || "";
    const named = (code.match(/lang="([A-Za-z_-]+)"/) || [])[1];
    const wanted = [named, ...(navigator.languages || [])].filter(Boolean);
    const found = wanted.map((tag) => tag.slice(0, 2).toLowerCase()).find((code) => code in texts);
    document.getElementById("durak-loading-text").textContent = texts[found || "{source}"];
    document.documentElement.lang = found || "{source}";
  }})();
</script>
"""


def root_page(original: str) -> str:
    """The site's ``index.html``, from JupyterLite's: the apps read its configuration script."""
    config = re.search(r'<script id="jupyter-config-data".*?</script>', original, re.DOTALL)
    if config is None:
        raise SystemExit("JupyterLite's index.html has changed: the course page cannot be installed")
    page = ROOT_PAGE.replace("OPTIONS", json.dumps(REPL_OPTIONS))
    return page.replace("PREAMBLE", json.dumps(SITE_PREAMBLE)).replace("CONFIG", config.group(0))


def repl_page(original: str) -> str:
    """JupyterLite's ``repl/index.html`` as the course's page."""
    texts = {language: translator(language).gettext(LOADING) for language in LANGUAGES}
    notice = LOADING_NOTICE.format(
        fallback=escape(texts[SOURCE_LANGUAGE]),
        texts=json.dumps(texts, ensure_ascii=False).replace("</", "<\\/"),
        source=SOURCE_LANGUAGE,
    )
    page = original.replace("<title>REPLite</title>", "<title>Durak</title>", 1)
    page = page.replace("</head>", REPL_STYLE + "</head>", 1)
    page = page.replace("</body>", notice + "</body>", 1)
    if "durak-course-page" not in page or "durak-loading" not in page:
        raise SystemExit("JupyterLite's repl/index.html has changed: the course page cannot be installed")
    return page


def install(site: Path) -> None:
    """Make ``site`` open on the course (after ``jupyter lite build`` wrote it)."""
    repl = site / "repl" / "index.html"
    repl.write_text(repl_page(repl.read_text(encoding="utf-8")), encoding="utf-8")
    root = site / "index.html"
    root.write_text(root_page(root.read_text(encoding="utf-8")), encoding="utf-8")
