"""The page's own doings, for the course: an invisible anywidget (:class:`PageBridge`).

Apart from :mod:`durak.tutorial.course_view`, which shows it from the start (it names the tab and,
after a reload, scrolls to the game): its script is most of it.
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["PageBridge"]

_BRIDGE_ESM = """
const LAB_LOCALE_PLUGIN = "@jupyterlab/translation-extension:plugin";

function scroller(node) {
  for (let n = node.parentElement; n; n = n.parentElement) {
    const overflow = getComputedStyle(n).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && n.scrollHeight > n.clientHeight) return n;
  }
  return document.scrollingElement;
}

function render({ model, el }) {
  el.style.display = "none";
  const scroll = () => {
    const page = el.closest(".durak-course");
    const focus = model.get("focus");
    const target = (page && focus && page.querySelector(focus)) || page;
    if (target && target !== page) {  // below the sticky top bar, not under it
      const bar = page.querySelector(".durak-course-bar");
      target.style.scrollMarginTop = `${(bar ? bar.getBoundingClientRect().height : 0) + 8}px`;
    }
    if (target) target.scrollIntoView({ block: "start" });
  };
  // A part of a lesson just opened may be drawn a moment later: look for it for a few seconds.
  // Once there, keep it in view below the sticky top bar while the lesson above it is still drawn
  // (card pictures and exercises grow after the first layout), until the learner scrolls.
  const scrollToPart = () => {
    const page = el.closest(".durak-course");
    if (page && page.querySelector(model.get("focus"))) scroll();
  };
  const scrollWhenDrawn = (tries = 0) => {
    const page = el.closest(".durak-course");
    const focus = model.get("focus");
    if (focus && !(page && page.querySelector(focus)) && tries < 50) {
      setTimeout(() => scrollWhenDrawn(tries + 1), 100);
    } else if (focus && focus.startsWith(".durak-topic-")) {
      // the page grows as the lesson's cards and exercises are drawn: scroll again each time,
      // for ten seconds at most, and never once the learner has scrolled
      let learnerMoved = false;
      const moved = () => { learnerMoved = true; };
      for (const event of ["wheel", "touchstart", "keydown", "mousedown"]) {
        window.addEventListener(event, moved, { once: true, capture: true });
      }
      const page = el.closest(".durak-course");
      const grown = new ResizeObserver(() => { if (!learnerMoved) scrollToPart(); });
      if (page) grown.observe(page);
      scrollToPart();
      setTimeout(() => grown.disconnect(), 10000);
    } else {
      scroll();
    }
  };
  const onCoursePage = new URL(window.location.href).searchParams.has("code");
  if (onCoursePage) {
    // The page opens at the top of the course, although the console it runs in scrolls to the
    // end of new output, until the learner scrolls themselves (for the first seconds only).
    let learnerMoved = false;
    const moved = () => { learnerMoved = true; };
    for (const event of ["wheel", "touchstart", "keydown", "mousedown"]) {
      window.addEventListener(event, moved, { once: true, capture: true });
    }
    const keepTop = () => { if (!learnerMoved) scroll(); };
    requestAnimationFrame(() => {
      const box = scroller(el);
      keepTop();
      box.addEventListener("scroll", keepTop);
      setTimeout(() => box.removeEventListener("scroll", keepTop), 4000);
    });
  }
  const title = () => { if (model.get("title")) document.title = model.get("title"); };
  const address = () => {
    // Only on a page whose address runs code (the site's course page): a reload then opens
    // the course in the language picked, not in the one the link named.
    const code = model.get("address_code");
    const url = new URL(window.location.href);
    if (!code || !onCoursePage) return;
    url.searchParams.set("code", code);
    window.history.replaceState(window.history.state, "", url);
  };
  const labLocale = async () => {
    // The static site: JupyterLite's own menus (its JupyterLab, one link away) follow the
    // language, through the app's settings (exposeAppInBrowser) - in English where the
    // language pack leaves the menu bar untranslated.
    const wanted = model.get("lab_locale");
    const app = window.jupyterapp;
    if (!wanted || !app || !app.serviceManager || !app.serviceManager.settings) return;
    try {
      let locale = "en";
      if (wanted !== "en") {
        const url = new URL(`../api/translations/${wanted}.json`, window.location.href);
        const pack = await (await fetch(url)).json();
        const strings = (pack.data && pack.data.jupyterlab) || {};
        if (strings["menu\u0004File"]) locale = wanted;
      }
      const settings = app.serviceManager.settings;
      const current = await settings.fetch(LAB_LOCALE_PLUGIN);
      let values = {};
      try { values = JSON.parse(current.raw || "{}"); } catch (error) { values = {}; }
      if (values.locale !== locale) {
        await settings.save(LAB_LOCALE_PLUGIN, JSON.stringify({ ...values, locale }));
      }
      document.documentElement.dataset.durakLabLocale = locale;  // saved: a link to Lab may be followed
    } catch (error) {
      console.warn("durak: JupyterLab's language was not set", error);
    }
  };
  model.on("change:scroll", () => scrollWhenDrawn());
  model.on("change:title", title);
  model.on("change:address_code", address);
  const language = () => {
    // A page opened with ?lang=xx (Voilà) keeps the language picked since: a reload reopens it.
    const url = new URL(window.location.href);
    if (!model.get("language") || !url.searchParams.has("lang")) return;
    url.searchParams.set("lang", model.get("language"));
    window.history.replaceState(window.history.state, "", url);
  };
  model.on("change:language", language);
  language();
  model.on("change:lab_locale", labLocale);
  title();
  address();
  labLocale();
  if ((model.get("focus") || "").startsWith(".durak-topic-")) {
    scrollWhenDrawn();
  } else if (model.get("focus") && !onCoursePage) {
    // A page that comes back with a game (a reload in Voilà or JupyterLab): show the game once it
    // is drawn. (The site's page keeps its own watch.)
    let tries = 0;
    const toFocus = () => {
      const page = el.closest(".durak-course");
      if (page && page.querySelector(model.get("focus"))) scroll();
      else if (++tries < 50) setTimeout(toFocus, 100);
    };
    requestAnimationFrame(toFocus);
  }
}
export default { render };
"""


class PageBridge(anywidget.AnyWidget):
    """What only the page itself can do: scroll to the top of the course, name the browser tab,
    keep the page's address in step with the language, and on the static site set the language
    of JupyterLite's own menus (an invisible widget)."""

    _esm = _BRIDGE_ESM
    scroll = traitlets.Int(0).tag(sync=True)
    focus = traitlets.Unicode("").tag(sync=True)  # what to scroll to in the course ("": its top)
    language = traitlets.Unicode("").tag(sync=True)  # the page's ?lang=, if it has one, follows it
    title = traitlets.Unicode("").tag(sync=True)
    address_code = traitlets.Unicode("").tag(sync=True)
    lab_locale = traitlets.Unicode("").tag(sync=True)  # on the static site: JupyterLite's menus' locale
